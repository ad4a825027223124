/**
 * `npm run bench:employees`: employees per second against today's default
 * address records per second, in interleaved rounds (each round times every
 * contender once, in turn), so a ratio compares runs seconds apart on a
 * shared machine; rates are per second of this process's CPU time, ratios
 * are medians (and ranges) of per-round ratios.
 * Contenders, 1000 records a page:
 * - default address records, new pages: records 0, 1000, 2000, ... on, each
 *   made once (the peer of companies taken whole: every record new);
 * - default address records, the same 60 pages again (records 0..59,999 every
 *   round: the peer of one company's pages read again);
 * - employees of companies 0, 1, 2, ... taken whole (cut at 1000 a company:
 *   every company is made once, as the CLI and a table load make them, and
 *   counted only through its employees);
 * - employees of one company of 10,000 or more read page by page (again from
 *   its first page after its last);
 * - @faker-js/faker building the same 15 fields with its own modules, as a
 *   user would in a loop (bench/faker-related-child.ts, in a process of its
 *   own, its CPU time; a quarter of the pages a round), the peer of issue
 *   49's other speed figures.
 *
 * Environment: BENCH_ROUNDS (default 7).
 */
import { loadavg } from 'node:os';
import { createGenerator } from '../src/index.js';
import { startFakerContender } from './faker-related.js';
import { formatRate, median } from './measure.js';

const PAGE = 1000;
const PAGES = 60;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

const gen = createGenerator({ seed: 42 });
let sink = 0;
// One field read per record, as bench:households and the generator bench do: Object.keys would cost the wider record
// (15 fields against 8) an array twice as long, work of the benchmark, not of the generator.
const keep = (record: { name: string }): void => {
  sink += record.name.length;
};

/** A company with at least `headcount` employees: the first of the stream. */
function largeCompany(headcount: number): number {
  for (let i = 0; ; i++) if (gen.companyAt(i).employees >= headcount) return i;
}
const large = largeCompany(10 * PAGE);
const largePages = Math.floor(gen.companyAt(large).employees / PAGE);

// New pages meet names and ZIPs the shared string caches have not seen yet, as companies taken whole do; pages made
// again find them all made.
let nextAddressPage = 0;
/** The next 1000 default address records, after the last page's. */
function addressPage(): void {
  gen.addresses({ start: nextAddressPage++ * PAGE, count: PAGE }).forEach(keep);
}

let nextCompany = 0;
/** The next 1000 employees of companies taken in index order, each whole. */
function companiesPage(): void {
  let made = 0;
  while (made < PAGE) {
    const employees = gen.employees({ company: nextCompany++, count: PAGE });
    employees.forEach(keep);
    made += employees.length;
  }
}

/** Pages of 1000 records per second of CPU time for `pages` pages made by `page(p)`. */
function pagesPerSecond(pages: number, page: (p: number) => void): number {
  const cpu = process.cpuUsage();
  for (let p = 0; p < pages; p++) page(p);
  const used = process.cpuUsage(cpu);
  return pages / ((used.user + used.system) / 1e6);
}

const NEW_ADDRESSES = 'default address records, new pages';
const SAME_ADDRESSES = 'default address records, the same 60 pages again';
const contenders: Record<string, (p: number) => void> = {
  [NEW_ADDRESSES]: addressPage,
  [SAME_ADDRESSES]: (p) => gen.addresses({ start: p * PAGE, count: PAGE }).forEach(keep),
  'employees, companies 0, 1, 2, ... whole': companiesPage,
  [`employees of one company (${gen.companyAt(large).employees} employees), by pages`]: (p) =>
    gen.employees({ company: large, start: (p % largePages) * PAGE, count: PAGE }).forEach(keep),
};
const FAKER = 'faker-js, employees, same fields (own process)';
// A quarter of the pages: faker-js makes an employee more than ten times slower.
const FAKER_PAGES = PAGES / 4;
const faker = startFakerContender('employees');
/** Pages of 1000 faker-js employees per second of the faker process's CPU time. */
async function fakerPagesPerSecond(pages: number): Promise<number> {
  const { records, cpuSeconds } = await faker.round(pages);
  return records / PAGE / cpuSeconds;
}
const names = [...Object.keys(contenders), FAKER];

// Warm-up: the first companies make the commuting sets of their counties and cells.
for (const name of Object.keys(contenders)) pagesPerSecond(PAGES / 4, contenders[name]);
await fakerPagesPerSecond(2 * FAKER_PAGES);
const runs = new Map<string, number[]>(names.map((name) => [name, []]));
const load = [loadavg()[0]];
for (let round = 0; round < ROUNDS; round++) {
  for (let k = 0; k < names.length; k++) {
    const name = names[(k + round) % names.length];
    runs
      .get(name)!
      .push(name === FAKER ? await fakerPagesPerSecond(FAKER_PAGES) : pagesPerSecond(PAGES, contenders[name]));
  }
  load.push(loadavg()[0]);
}
faker.stop();

const rate = (name: string): number => median(runs.get(name)!);
/** Median and range of a contender's per-round ratios to another contender's. */
function ratio(name: string, peer: string): string {
  const ratios = runs.get(name)!.map((r, round) => r / runs.get(peer)![round]);
  return `${median(ratios).toFixed(2)}x (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`;
}
console.log(
  `| Contender | records / s (median of ${ROUNDS}) | vs address records, new pages | vs the same pages again | vs faker-js |`,
);
console.log('|---|---:|---:|---:|---:|');
for (const name of names) {
  console.log(
    `| ${name} | ${formatRate(rate(name) * PAGE)} | ${ratio(name, NEW_ADDRESSES)} | ${ratio(name, SAME_ADDRESSES)} | ${ratio(name, FAKER)} |`,
  );
}
console.log(
  `\naddress records made in new pages: ${nextAddressPage * PAGE}; companies made: ${nextCompany}; load average (1 min) over the rounds: ${Math.min(...load).toFixed(1)}..${Math.max(...load).toFixed(1)}${sink < 0 ? '' : ''}`,
);
