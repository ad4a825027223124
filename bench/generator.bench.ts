/**
 * `npm run bench`: the generator against faker-js and chance, each building
 * the same eight-field record in the same run, in interleaved rounds (every
 * round times each contender once, in turn), so the ratios compare runs
 * seconds apart on a shared machine; then ZIP lookups and index loading.
 *
 * Environment: BENCH_ROUNDS (default 9), BENCH_PROFILE=<folder> to write a
 * V8 CPU profile of the ussynth page runs there (open it in Chrome DevTools
 * or VS Code).
 */
import { fakerEN_US } from '@faker-js/faker';
import Chance from 'chance';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { createGenerator, type Address } from '../src/index.js';
import { fakerAddress } from './faker-address.js';
import { formatRate, measure, median } from './measure.js';

const RECORDS = 500_000;
const PEER_RECORDS = 50_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const PROFILE = process.env.BENCH_PROFILE;

const gen = createGenerator({ seed: 42 });
let sink = 0;
const keep = (a: Address): void => {
  sink += a.zip.length;
};

/** One timed run: records per second of wall time and of this process's CPU time. */
interface Run {
  wall: number;
  cpu: number;
}

function timed(count: number, work: (count: number) => void): Run {
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  work(count);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  return { wall: count / seconds, cpu: count / ((used.user + used.system) / 1e6) };
}

fakerEN_US.seed(42);
const chance = new Chance(42);

/** The contenders: the same eight fields, made each library's usual way. */
const contenders = {
  'ussynth, record by record (addressAt)': {
    count: RECORDS,
    work: (n: number) => {
      for (let i = 0; i < n; i++) keep(gen.addressAt(i));
    },
  },
  'ussynth, pages of 1000 (addresses)': {
    count: RECORDS,
    work: (n: number) => {
      for (let start = 0; start < n; start += 1000) for (const a of gen.addresses({ start, count: 1000 })) keep(a);
    },
  },
  'ussynth with geo, pages of 1000 (addresses, geo: true)': {
    count: RECORDS,
    work: (n: number) => {
      for (let start = 0; start < n; start += 1000)
        for (const a of gen.addresses({ start, count: 1000, geo: true })) keep(a);
    },
  },
  '@faker-js/faker (same 8 fields)': {
    count: PEER_RECORDS,
    work: (n: number) => {
      for (let i = 0; i < n; i++) {
        keep(fakerAddress());
      }
    },
  },
  'chance (same 8 fields)': {
    count: PEER_RECORDS,
    work: (n: number) => {
      for (let i = 0; i < n; i++) {
        keep({
          name: chance.name(),
          street: chance.address(),
          city: chance.city(),
          state: chance.state(),
          zip: chance.zip(),
          phone: chance.phone({ formatted: true }),
          email: chance.email(),
          country: 'United States',
        });
      }
    },
  },
};
type Name = keyof typeof contenders;
const names = Object.keys(contenders) as Name[];
const PAGES: Name = 'ussynth, pages of 1000 (addresses)';
const FAKER: Name = '@faker-js/faker (same 8 fields)';
const CHANCE: Name = 'chance (same 8 fields)';

// Warm-up: every contender a quarter run.
for (const name of names) contenders[name].work(contenders[name].count / 4);

const session = PROFILE ? new Session() : undefined;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
}
const runs = new Map<Name, Run[]>(names.map((name) => [name, []]));
const load = [loadavg()[0]];
for (let round = 0; round < ROUNDS; round++) {
  // Rotate who goes first, so no contender always follows the same one.
  for (let k = 0; k < names.length; k++) {
    const name = names[(k + round) % names.length];
    const profiled = session && name === PAGES;
    if (profiled) await session.post('Profiler.start');
    runs.get(name)!.push(timed(contenders[name].count, contenders[name].work));
    if (profiled) {
      const { profile } = await session.post('Profiler.stop');
      mkdirSync(PROFILE!, { recursive: true });
      writeFileSync(join(PROFILE!, `ussynth-pages-round-${round}.cpuprofile`), JSON.stringify(profile));
    }
  }
  load.push(loadavg()[0]);
}
session?.disconnect();

const best = (xs: number[]): number => Math.max(...xs);
/** Per-round ratios of two contenders' rates (wall time, or CPU time: steadier on a loaded machine), as median and range. */
const ratio = (a: Name, b: Name, by: keyof Run = 'wall') => {
  const xs = runs.get(a)!.map((run, round) => run[by] / runs.get(b)![round][by]);
  return { median: median(xs), low: Math.min(...xs), high: Math.max(...xs) };
};

const zipCodes = gen.addresses({ start: 0, count: 1000 }).map((a) => a.zip);
const zips = measure('ussynth zip lookups', 10_000_000, (n) => {
  for (let i = 0; i < n; i++) sink += gen.zip(zipCodes[i % 1000])!.city.length;
});

// Index loading in fresh processes: read the file and parse it, nothing cached.
const loadScript = `
  const t = process.hrtime.bigint();
  const { defaultIndex } = await import(${JSON.stringify(new URL('../src/default-index.ts', import.meta.url).href)});
  const imported = process.hrtime.bigint();
  defaultIndex();
  console.log(Number(process.hrtime.bigint() - imported) / 1e6);`;
const loads = Array.from({ length: 7 }, () =>
  Number(
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', loadScript], {
      encoding: 'utf8',
    }).trim(),
  ),
).sort((a, b) => a - b);

console.log(
  `node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}; ${ROUNDS} interleaved rounds; load average ${Math.min(...load).toFixed(1)}-${Math.max(...load).toFixed(1)}\n`,
);
console.log(
  '| address records | median / s | best / s | median / s of CPU time | pages vs this (median of rounds) | by CPU time |\n|---|---:|---:|---:|---:|---:|',
);
for (const name of names) {
  const wall = runs.get(name)!.map((run) => run.wall);
  const cpu = runs.get(name)!.map((run) => run.cpu);
  const vs = (by: keyof Run): string => {
    if (name === PAGES) return '1.00';
    const r = ratio(PAGES, name, by);
    return `${r.median.toFixed(2)}x (${r.low.toFixed(2)}-${r.high.toFixed(2)})`;
  };
  console.log(
    `| ${name} | ${formatRate(median(wall))} | ${formatRate(best(wall))} | ${formatRate(median(cpu))} | ${vs('wall')} | ${vs('cpu')} |`,
  );
}
const fakerRatio = ratio(PAGES, FAKER);
const chanceRatio = ratio(PAGES, CHANCE);
console.log(
  `\nussynth pages are ${fakerRatio.median.toFixed(1)}x faker-js and ${chanceRatio.median.toFixed(1)}x chance (medians of the per-round ratios; by CPU time ${ratio(PAGES, FAKER, 'cpu').median.toFixed(1)}x and ${ratio(PAGES, CHANCE, 'cpu').median.toFixed(1)}x).`,
);
console.log(`\n| other | figure |\n|---|---:|`);
console.log(`| ZIP lookups / s (best; median) | ${formatRate(zips.perSecond)}; ${formatRate(zips.medianPerSecond)} |`);
console.log(
  `| index load, ms (read + parse, fresh process; min / median / max of 7) | ${loads[0].toFixed(1)} / ${loads[3].toFixed(1)} / ${loads[6].toFixed(1)} |`,
);
if (PROFILE) console.log(`\nCPU profiles of the page runs: ${PROFILE}/ussynth-pages-round-*.cpuprofile`);
if (sink === 42) console.log('');
