/**
 * `npm run bench:fields`: what a field list costs. Pages of 1000 records of
 * the full record (the eight fields), of `firstName,lastName,email` and of
 * `zip,state`, against faker-js making the same fields its usual way, in
 * interleaved rounds (each round times every contender once, in turn), so
 * the ratios compare runs seconds apart on a shared machine. Rates are per
 * second of this process's CPU time (the machine may be loaded).
 *
 * Environment: BENCH_ROUNDS (default 7).
 */
import { fakerEN_US } from '@faker-js/faker';
import { loadavg } from 'node:os';
import { createGenerator } from '../src/index.js';
import { fakerAddress } from './faker-address.js';
import { formatRate, median } from './measure.js';

const PAGE = 1000;
const PAGES = 200;
const PEER_PAGES = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

const gen = createGenerator({ seed: 42 });
let sink = 0;
const keep = (record: object): void => {
  sink += Object.keys(record).length;
};
fakerEN_US.seed(42);

/** Pages of 1000 records per second of CPU time for `pages` pages made by `page(start)`. */
function pagesPerSecond(pages: number, page: (start: number) => void): number {
  const cpu = process.cpuUsage();
  for (let p = 0; p < pages; p++) page(p * PAGE);
  const used = process.cpuUsage(cpu);
  return pages / ((used.user + used.system) / 1e6);
}

const fakerPage = (make: () => object) => () => {
  for (let i = 0; i < PAGE; i++) keep(make());
};

const contenders: Record<string, { pages: number; page: (start: number) => void }> = {
  'ussynth, full record': { pages: PAGES, page: (start) => gen.addresses({ start, count: PAGE }).forEach(keep) },
  'ussynth, fields=firstName,lastName,email': {
    pages: PAGES,
    page: (start) => gen.addresses({ start, count: PAGE, fields: 'firstName,lastName,email' }).forEach(keep),
  },
  'ussynth, fields=zip,state': {
    pages: PAGES,
    page: (start) => gen.addresses({ start, count: PAGE, fields: 'zip,state' }).forEach(keep),
  },
  'faker, full record': {
    pages: PEER_PAGES,
    page: fakerPage(fakerAddress),
  },
  'faker, firstName,lastName,email': {
    pages: PEER_PAGES,
    page: fakerPage(() => {
      const firstName = fakerEN_US.person.firstName();
      const lastName = fakerEN_US.person.lastName();
      return { firstName, lastName, email: fakerEN_US.internet.exampleEmail({ firstName, lastName }) };
    }),
  },
  'faker, zip,state': {
    pages: PEER_PAGES,
    page: fakerPage(() => ({
      zip: fakerEN_US.location.zipCode('#####'),
      state: fakerEN_US.location.state({ abbreviated: true }),
    })),
  },
};
const names = Object.keys(contenders);

for (const name of names) pagesPerSecond(Math.max(1, contenders[name].pages / 4), contenders[name].page);
const runs = new Map<string, number[]>(names.map((name) => [name, []]));
const load = [loadavg()[0]];
for (let round = 0; round < ROUNDS; round++) {
  for (let k = 0; k < names.length; k++) {
    const name = names[(k + round) % names.length];
    runs.get(name)!.push(pagesPerSecond(contenders[name].pages, contenders[name].page));
  }
  load.push(loadavg()[0]);
}

const rate = (name: string): number => median(runs.get(name)!);
const fakerOf: Record<string, string> = {
  'ussynth, full record': 'faker, full record',
  'ussynth, fields=firstName,lastName,email': 'faker, firstName,lastName,email',
  'ussynth, fields=zip,state': 'faker, zip,state',
};
console.log(
  `| Contender | pages of 1000 / s (median of ${ROUNDS}) | records / s | vs faker, same fields | vs ussynth full record |`,
);
console.log('|---|---:|---:|---:|---:|');
for (const name of names) {
  const pages = rate(name);
  const peer = fakerOf[name];
  const vsFaker = peer ? `${(pages / rate(peer)).toFixed(1)}x` : '';
  console.log(
    `| ${name} | ${pages.toFixed(name.startsWith('faker') ? 2 : 1)} | ${formatRate(pages * PAGE)} | ${vsFaker} | ${name.startsWith('ussynth') ? `${(pages / rate('ussynth, full record')).toFixed(2)}x` : ''} |`,
  );
}
console.log(
  `\nload average (1 min) over the rounds: ${Math.min(...load).toFixed(1)}..${Math.max(...load).toFixed(1)}${sink < 0 ? '' : ''}`,
);
