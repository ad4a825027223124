// Sums V8 CPU profiles (`node --cpu-prof`, as `BENCH_CPU_PROF=dir npm run bench:server` writes them) into the
// functions and packages that took the most time, so that two instances' profiles can be compared line by line.
// Run: npm run bench:profile -- <dir or .cpuprofile file> [more...]   (BENCH_PROFILE_TOP=40 lines by default)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 40);

function profileFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => join(path, name));
}

// Where a frame's code lives: a package in node_modules, Node itself, V8's pseudo-frames, or this project.
function owner(url: string, name: string): string {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return 'node';
  if (url === '') return `(${name || 'native'})`;
  return 'ussynth';
}

function summarise(file: string): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = profile.endTime - profile.startTime;
  const functions = new Map<string, number>();
  const owners = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)!.callFrame;
    const place = frame.url
      ? `${frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(server|src)\//, '$1/')}:${frame.lineNumber + 1}`
      : '';
    const key = `${frame.functionName || '(anonymous)'} ${place}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
    const who = owner(frame.url, frame.functionName);
    owners.set(who, (owners.get(who) ?? 0) + us);
  }
  const percent = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
  console.log(`\n${file}: ${(total / 1e6).toFixed(1)} s profiled, ${profile.samples.length} samples`);
  console.log('\nby owner (self time):');
  for (const [who, us] of [...owners].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${percent(us)}  ${who}`);
  console.log(`\ntop ${TOP} functions (self time):`);
  for (const [key, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    console.log(`  ${percent(us)}  ${key}`);
}

const paths = process.argv.slice(2);
if (paths.length === 0) {
  console.error('usage: npm run bench:profile -- <dir or .cpuprofile> [more...]');
  process.exit(2);
}
for (const path of paths) for (const file of profileFiles(path)) summarise(file);
