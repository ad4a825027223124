// What `npm install ussynth` costs a new project, next to @faker-js/faker in the same run.
// Run: npm run bench:install   (BENCH_ROUNDS=3 by default)
// Each round installs into a fresh empty project: the packed ussynth tarball, then faker from the registry,
// both with npm's cache warm (--prefer-offline), so the figures compare install work, not download speed.
// Also installs the service package the same way for scale (Node 22.14+: its driver, better-sqlite3 13, is prebuilt).
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { folderBytes, installedPackages, npm, pack } from '../test/package/npm-project.js';
import { median } from './measure.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const work = mkdtempSync(join(tmpdir(), 'ussynth-install-bench-'));

interface InstallRun {
  seconds: number;
  packages: number;
  installScripts: number;
  megabytes: number;
}

async function install(spec: string[]): Promise<InstallRun> {
  const project = mkdtempSync(join(work, 'project-'));
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'bench-project', version: '1.0.0', private: true }),
  );
  const started = process.hrtime.bigint();
  await npm(project, 'install', ...spec);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const packages = Object.values(installedPackages(project));
  const run = {
    seconds,
    packages: packages.length,
    installScripts: packages.filter((p) => p.hasInstallScript).length,
    megabytes: folderBytes(join(project, 'node_modules')) / 1e6,
  };
  rmSync(project, { recursive: true, force: true });
  return run;
}

try {
  const library = await pack(ROOT, work);
  const server = await pack(join(ROOT, 'server'), work);
  const fakerVersion = (
    JSON.parse(readFileSync(join(ROOT, 'node_modules', '@faker-js', 'faker', 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  const cases = [
    { name: 'ussynth (packed tarball)', spec: [library], tarball: statSync(library).size },
    { name: `@faker-js/faker@${fakerVersion}`, spec: [`@faker-js/faker@${fakerVersion}`], tarball: null },
    { name: 'ussynth-server + ussynth (packed tarballs)', spec: [library, server], tarball: statSync(server).size },
  ];
  const runs = cases.map(() => [] as InstallRun[]);
  // Interleaved rounds: each case once per round, so the machine's drift touches them alike.
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, c] of cases.entries()) runs[i].push(await install(c.spec));
  const ussynthSeconds = median(runs[0].map((r) => r.seconds));
  console.log(
    `\nInstall into an empty project, npm ${(await npm(work, '--version')).stdout.trim()}, node ${process.version}, warm cache, ${ROUNDS} interleaved rounds (median seconds)\n`,
  );
  console.log('| Package | install s | vs ussynth | packages | with install scripts | node_modules MB | tarball MB |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [i, c] of cases.entries()) {
    const seconds = median(runs[i].map((r) => r.seconds));
    const last = runs[i][runs[i].length - 1];
    console.log(
      `| ${c.name} | ${seconds.toFixed(2)} | ${(seconds / ussynthSeconds).toFixed(2)}x | ${last.packages} | ${last.installScripts} | ${last.megabytes.toFixed(1)} | ${c.tarball === null ? 'n/a' : (c.tarball / 1e6).toFixed(1)} |`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
