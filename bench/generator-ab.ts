/**
 * A/B of two source trees of the generator (e.g. main's and a branch's), for
 * a change whose gain is a few per cent on a shared machine: fresh processes,
 * one per tree, run alternately in pairs (the first one of a pair alternating),
 * each timing pages of 1000, `addressAt(i)` and geo pages in interleaved
 * rounds by CPU time. Prints every process, the per-pair ratios B/A and the
 * medians, with the load average.
 *
 * Run: npx tsx bench/generator-ab.ts <tree A> [tree B, default .]
 *   A tree is a folder with `src/` and `dist-data/` (a `git worktree add /tmp/base <commit>`, with
 *   `node_modules` linked); a tree without the geographic fields (generator 2.0.0) is timed on pages and addressAt.
 *   Environment: AB_PAIRS (default 6), AB_N records per mode and round
 *   (default 500,000, the index range of `npm run bench`), AB_ROUNDS (default 3).
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Rates {
  pages: number;
  at: number;
  geo: number;
  /** Median of the rounds' addressAt / pages, in this process. */
  atRatio: number;
  /** Median of the rounds' geo pages / pages, in this process. */
  geoRatio: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function child(tree: string): Promise<void> {
  const n = Number(process.env.AB_N ?? 500_000);
  const rounds = Number(process.env.AB_ROUNDS ?? 3);
  const { createGenerator } = (await import(resolve(tree, 'src/index.ts'))) as typeof import('../src/index.js');
  const gen = createGenerator({ seed: 42 });
  let sink = 0;
  const modes: Record<'pages' | 'at' | 'geo', (count: number) => void> = {
    pages: (count) => {
      for (let s = 0; s < count; s += 1000)
        for (const a of gen.addresses({ start: s, count: 1000 })) sink += a.zip.length;
    },
    at: (count) => {
      for (let i = 0; i < count; i++) sink += gen.addressAt(i).zip.length;
    },
    geo: (count) => {
      for (let s = 0; s < count; s += 1000)
        for (const a of gen.addresses({ start: s, count: 1000, geo: true })) sink += a.zip.length;
    },
  };
  // A tree from before the geographic fields (generator 2.0.0, the speed issue 33 asks for back) makes plain records
  // when asked for geo: it is timed on pages and addressAt only, its geo figures NaN.
  const hasGeo = 'lat' in gen.addresses({ start: 0, count: 1, geo: true })[0];
  const names = (Object.keys(modes) as (keyof typeof modes)[]).filter((name) => hasGeo || name !== 'geo');
  for (const name of names) modes[name](100_000);
  const rates = { pages: [] as number[], at: [] as number[], geo: [] as number[] };
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(k + r) % names.length];
      const used = process.cpuUsage();
      modes[name](n);
      const cpu = process.cpuUsage(used);
      rates[name].push(n / ((cpu.user + cpu.system) / 1e6));
    }
  }
  const out: Rates = {
    pages: median(rates.pages),
    at: median(rates.at),
    geo: hasGeo ? median(rates.geo) : NaN,
    atRatio: median(rates.at.map((v, i) => v / rates.pages[i])),
    geoRatio: hasGeo ? median(rates.geo.map((v, i) => v / rates.pages[i])) : NaN,
  };
  if (sink === 0) throw new Error('nothing made');
  process.stdout.write(JSON.stringify(out));
}

function run(tree: string): Rates {
  const self = fileURLToPath(import.meta.url);
  const text = execFileSync(process.execPath, ['--import', 'tsx', self, '--child', tree], {
    cwd: tree,
    encoding: 'utf8',
  });
  // JSON writes a tree's missing geo figures (NaN) as null.
  return JSON.parse(text, (_key, value: unknown) => (value === null ? NaN : value)) as Rates;
}

const load = (): string =>
  loadavg()
    .map((v) => v.toFixed(1))
    .join(' ');
const fmt = (r: Rates): string =>
  `pages ${Math.round(r.pages)}/s, addressAt ${Math.round(r.at)}/s, geo ${Math.round(r.geo)}/s; in-process addressAt/pages ${r.atRatio.toFixed(3)}, geo/pages ${r.geoRatio.toFixed(3)}`;

async function main(): Promise<void> {
  if (process.argv[2] === '--child') return child(process.argv[3]);
  const a = resolve(process.argv[2] ?? '');
  const b = resolve(process.argv[3] ?? '.');
  if (!process.argv[2]) throw new Error('usage: npx tsx bench/generator-ab.ts <tree A> [tree B]');
  const pairs = Number(process.env.AB_PAIRS ?? 6);
  console.log(`A ${a}\nB ${b}\nload average at start ${load()}`);
  const ratios = { pages: [] as number[], at: [] as number[], geo: [] as number[] };
  const inProcess = { A: { at: [] as number[], geo: [] as number[] }, B: { at: [] as number[], geo: [] as number[] } };
  for (let p = 0; p < pairs; p++) {
    const order = p % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const);
    const got: Partial<Record<'A' | 'B', Rates>> = {};
    for (const which of order) {
      got[which] = run(which === 'A' ? a : b);
      console.log(`pair ${p + 1} ${which}: ${fmt(got[which]!)} (load ${load()})`);
      inProcess[which].at.push(got[which]!.atRatio);
      inProcess[which].geo.push(got[which]!.geoRatio);
    }
    for (const mode of ['pages', 'at', 'geo'] as const) ratios[mode].push(got.B![mode] / got.A![mode]);
  }
  const range = (values: number[]): string =>
    `${median(values).toFixed(3)} (${Math.min(...values).toFixed(3)}-${Math.max(...values).toFixed(3)})`;
  console.log(
    `\nB/A by CPU time, median of ${pairs} pairs (range): pages ${range(ratios.pages)}, addressAt ${range(ratios.at)}, geo ${range(ratios.geo)}`,
  );
  for (const which of ['A', 'B'] as const) {
    console.log(
      `${which} in-process, median of processes: addressAt/pages ${range(inProcess[which].at)}, geo/pages ${range(inProcess[which].geo)}`,
    );
  }
  console.log(`load average at end ${load()}`);
}

await main();
