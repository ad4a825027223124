// `npm run bench:cli`: the command line writing NDJSON addresses to a file.
// 1. The target: 10,000,000 addresses with --jobs 2 in at most 20 s and 200 MB peak memory.
// 2. ussynth at --jobs 1 and 2 against the same job written with @faker-js/faker and chance
//    (a seeded loop of JSON.stringify lines into a file stream), all in the same run, as ratios.
// Every run is its own process; peak memory is the process's maxRSS (all threads), read at exit.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BINARY = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TARGET_COUNT = Number(process.env.BENCH_COUNT ?? 10_000_000);
const PEER_COUNT = Number(process.env.BENCH_PEER_COUNT ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_SECONDS = 20;
const TARGET_MB = 200;

// Preloaded into every measured process: reports its peak resident memory (kB) and CPU time (µs, all threads) on stderr at exit.
// CPU time is the steadier figure on a shared machine: wall time on an idle 2-core machine is about CPU time / threads used.
const USAGE = `data:text/javascript,process.on('exit',()=>{const u=process.resourceUsage();process.stderr.write('maxrss-kb: '+u.maxRSS+' cpu-us: '+(u.userCPUTime+u.systemCPUTime)+'\\n')})`;

// The peers' version of the job: seeded, the same eight fields, one JSON line per record, back-pressure respected.
const PEER_SCRIPT = (library: 'faker' | 'chance', count: number, out: string): string => `
import { createWriteStream } from 'node:fs';
const out = createWriteStream(${JSON.stringify(out)});
let make;
if (${JSON.stringify(library)} === 'faker') {
  const { fakerEN_US: faker } = await import('@faker-js/faker');
  faker.seed(42);
  make = () => { const first = faker.person.firstName(); const last = faker.person.lastName(); return { name: first + ' ' + last, street: faker.location.streetAddress(), city: faker.location.city(), state: faker.location.state({ abbreviated: true }), zip: faker.location.zipCode('#####'), phone: faker.phone.number({ style: 'national' }), email: faker.internet.email({ firstName: first, lastName: last }), country: 'United States' }; };
} else {
  const { default: Chance } = await import('chance');
  const chance = new Chance(42);
  make = () => { const first = chance.first(); const last = chance.last(); return { name: first + ' ' + last, street: chance.address(), city: chance.city(), state: chance.state(), zip: chance.zip(), phone: chance.phone(), email: chance.email(), country: 'United States' }; };
}
const CHUNK = 2000;
for (let start = 0; start < ${count}; start += CHUNK) {
  const lines = [];
  for (let i = start; i < Math.min(${count}, start + CHUNK); i++) lines.push(JSON.stringify(make()));
  if (!out.write(lines.join('\\n') + '\\n')) await new Promise((resolve) => out.once('drain', resolve));
}
await new Promise((resolve) => out.end(resolve));
`;

interface Run {
  seconds: number;
  cpuSeconds: number;
  peakMb: number;
  bytes: number;
}

function measured(args: string[], out: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, ['--import', USAGE, ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const match = /maxrss-kb: (\d+) cpu-us: (\d+)/.exec(stderr);
      if (status !== 0 || !match) return reject(new Error(`${args.join(' ')} failed (${status}): ${stderr}`));
      resolve({
        seconds,
        cpuSeconds: Number(match[2]) / 1e6,
        peakMb: Number(match[1]) / 1024,
        bytes: statSync(out).size,
      });
    });
  });
}

/** Median of several runs by time (peak memory: the highest seen). */
async function repeat(runs: number, run: () => Promise<Run>): Promise<Run> {
  const results: Run[] = [];
  for (let i = 0; i < runs; i++) results.push(await run());
  results.sort((a, b) => a.seconds - b.seconds);
  return { ...results[Math.floor(results.length / 2)], peakMb: Math.max(...results.map((r) => r.peakMb)) };
}

const scratch = mkdtempSync(join(tmpdir(), 'ussynth-bench-cli-'));
const row = (cells: Array<string | number>): string => `| ${cells.join(' | ')} |`;
const fixed = (value: number, digits = 1): string => value.toFixed(digits);
const thousands = (value: number): string => Math.round(value).toLocaleString('en-US');

try {
  const ussynth = (count: number, jobs: number, out: string) =>
    measured(
      [
        BINARY,
        'address',
        '--seed',
        'bench',
        '--count',
        String(count),
        '--format',
        'ndjson',
        '--jobs',
        String(jobs),
        '--out',
        out,
      ],
      out,
    );

  console.log(`\n## Target: ${thousands(TARGET_COUNT)} NDJSON addresses to a file, --jobs 2 (median of ${RUNS})\n`);
  const target = await repeat(RUNS, () => ussynth(TARGET_COUNT, 2, join(scratch, 'target.ndjson')));
  console.log(
    row(['run', 'records', 'wall s', 'CPU s (all threads)', 'records/s', 'MB/s written', 'peak RSS MB', 'target']),
  );
  console.log(row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---']));
  const met = target.seconds <= TARGET_SECONDS && target.peakMb <= TARGET_MB;
  console.log(
    row([
      'ussynth address --jobs 2',
      thousands(TARGET_COUNT),
      fixed(target.seconds),
      fixed(target.cpuSeconds),
      thousands(TARGET_COUNT / target.seconds),
      fixed(target.bytes / 1e6 / target.seconds),
      fixed(target.peakMb, 0),
      `${met ? 'met' : 'MISSED'} (<= ${TARGET_SECONDS} s, <= ${TARGET_MB} MB)`,
    ]),
  );
  rmSync(join(scratch, 'target.ndjson'), { force: true });

  console.log(
    `\n## Peers: ${thousands(PEER_COUNT)} NDJSON addresses to a file (median of ${RUNS}), ratios to @faker-js/faker\n`,
  );
  const contenders: Array<[string, () => Promise<Run>]> = [
    [
      '@faker-js/faker (fakerEN_US)',
      () =>
        measured(
          ['--input-type=module', '-e', PEER_SCRIPT('faker', PEER_COUNT, join(scratch, 'faker.ndjson'))],
          join(scratch, 'faker.ndjson'),
        ),
    ],
    [
      'chance',
      () =>
        measured(
          ['--input-type=module', '-e', PEER_SCRIPT('chance', PEER_COUNT, join(scratch, 'chance.ndjson'))],
          join(scratch, 'chance.ndjson'),
        ),
    ],
    ['ussynth --jobs 1', () => ussynth(PEER_COUNT, 1, join(scratch, 'jobs1.ndjson'))],
    ['ussynth --jobs 2', () => ussynth(PEER_COUNT, 2, join(scratch, 'jobs2.ndjson'))],
  ];
  const results: Array<[string, Run]> = [];
  for (const [name, run] of contenders) results.push([name, await repeat(RUNS, run)]);
  const baseline = results[0][1];
  console.log(row(['run', 'wall s', 'CPU s', 'records/s', 'peak RSS MB', 'speed vs faker (wall)', 'CPU vs faker']));
  console.log(row(['---', '---:', '---:', '---:', '---:', '---:', '---:']));
  for (const [name, run] of results) {
    console.log(
      row([
        name,
        fixed(run.seconds, 2),
        fixed(run.cpuSeconds, 2),
        thousands(PEER_COUNT / run.seconds),
        fixed(run.peakMb, 0),
        `${fixed(baseline.seconds / run.seconds, 2)}x`,
        `${fixed(run.cpuSeconds / baseline.cpuSeconds, 2)}x`,
      ]),
    );
  }
  console.log('');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
