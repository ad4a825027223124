// What `npm install ussynth` costs a new project, next to @faker-js/faker in the same run.
// Run: npm run bench:install   (BENCH_ROUNDS=3 by default)
// Each round installs into a fresh empty project: the packed ussynth tarball, then faker from the registry,
// both with npm's cache warm (--prefer-offline), so the figures compare install work, not download speed.
// Also installs the service package the same way (it compiles better-sqlite3) for scale.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './measure.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// npm_config_nodedir stays: it names the headers of the Node that runs this (CI also runs the suite on Node 22 and 24).
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_') || name === 'npm_config_nodedir'));
const work = mkdtempSync(join(tmpdir(), 'ussynth-install-bench-'));

function npm(cwd: string, ...args: string[]): string {
  return execFileSync('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline'], { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

function bytes(path: string): number {
  const stats = statSync(path);
  return stats.isDirectory() ? readdirSync(path).reduce((sum, name) => sum + bytes(join(path, name)), 0) : stats.size;
}

function pack(folder: string): string {
  const [{ filename }] = JSON.parse(npm(folder, 'pack', '--ignore-scripts', '--json', '--pack-destination', work)) as { filename: string }[];
  return join(work, filename);
}

interface InstallRun {
  seconds: number;
  packages: number;
  installScripts: number;
  megabytes: number;
}

function install(spec: string[]): InstallRun {
  const project = mkdtempSync(join(work, 'project-'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'bench-project', version: '1.0.0', private: true }));
  const started = process.hrtime.bigint();
  npm(project, 'install', ...spec);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const lock = JSON.parse(readFileSync(join(project, 'node_modules', '.package-lock.json'), 'utf8')) as { packages: Record<string, { hasInstallScript?: boolean }> };
  const packages = Object.values(lock.packages);
  const run = { seconds, packages: packages.length, installScripts: packages.filter((p) => p.hasInstallScript).length, megabytes: bytes(join(project, 'node_modules')) / 1e6 };
  rmSync(project, { recursive: true, force: true });
  return run;
}

try {
  const library = pack(ROOT);
  const server = pack(join(ROOT, 'server'));
  const fakerVersion = (JSON.parse(readFileSync(join(ROOT, 'node_modules', '@faker-js', 'faker', 'package.json'), 'utf8')) as { version: string }).version;
  const cases = [
    { name: 'ussynth (packed tarball)', spec: [library], tarball: statSync(library).size },
    { name: `@faker-js/faker@${fakerVersion}`, spec: [`@faker-js/faker@${fakerVersion}`], tarball: null },
    { name: 'ussynth-server + ussynth (packed tarballs)', spec: [library, server], tarball: statSync(server).size },
  ];
  const runs = cases.map(() => [] as InstallRun[]);
  // Interleaved rounds: each case once per round, so the machine's drift touches them alike.
  for (let round = 0; round < ROUNDS; round++) for (const [i, c] of cases.entries()) runs[i].push(install(c.spec));
  const ussynthSeconds = median(runs[0].map((r) => r.seconds));
  console.log(`\nInstall into an empty project, npm ${npm(work, '--version').trim()}, node ${process.version}, warm cache, ${ROUNDS} interleaved rounds (median seconds)\n`);
  console.log('| Package | install s | vs ussynth | packages | with install scripts | node_modules MB | tarball MB |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [i, c] of cases.entries()) {
    const seconds = median(runs[i].map((r) => r.seconds));
    const last = runs[i][runs[i].length - 1];
    console.log(`| ${c.name} | ${seconds.toFixed(2)} | ${(seconds / ussynthSeconds).toFixed(2)}x | ${last.packages} | ${last.installScripts} | ${last.megabytes.toFixed(1)} | ${c.tarball === null ? 'n/a' : (c.tarball / 1e6).toFixed(1)} |`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
