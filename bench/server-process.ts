// Server processes for the HTTP benchmarks (bench:server, bench:sla-server): started as in production (a process of
// their own, logging to a file), with the CPU time the kernel counts for them.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const root = new URL('..', import.meta.url).pathname;

/**
 * Starts `node [nodeArgs] args` in the repository with `env` added, its output in `dir/name.log` (piped into the
 * benchmark, log lines would compete with autocannon for its thread), and resolves once it prints its URL. With
 * `cpus` (a taskset list such as "1") the process and all its threads run on those CPUs only (`taskset -c`, which
 * execs node: the child's pid is the server's).
 * @example const api = await startServerProcess(dir, 'api', ['server/dist/cli/main.js', 'serve', '--no-dev-key'], env);
 */
export async function startServerProcess(
  dir: string,
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  nodeArgs: string[] = [],
  cpus?: string,
): Promise<{ child: ChildProcess; url: string; log: string }> {
  const log = join(dir, `${name}.log`);
  const out = openSync(log, 'w');
  const command = [process.execPath, ...nodeArgs, ...args];
  if (cpus !== undefined) command.unshift('taskset', '-c', cpus);
  const child = spawn(command[0], command.slice(1), {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, 'inherit'],
  });
  closeSync(out);
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const banner = readFileSync(log, 'utf8');
    const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(banner);
    if (match && (banner.includes('curl') || banner.includes('listening on http')))
      return { child, url: match[1], log };
    if (exited !== undefined) throw new Error(`${name} server exited with ${exited}: ${banner}`);
  }
}

/**
 * CPU time (user + system) of a process in ms, from Linux's /proc (clock ticks of 10 ms); null elsewhere. Steadier
 * than req/s on a shared machine: it says what each request costs the server, whatever the client got.
 * @example const before = cpuMs(child.pid!);
 */
export function cpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * Time a process's threads have spent on a CPU, in ns, from Linux's /proc/<pid>/task/<tid>/schedstat (the scheduler's
 * own count, to the nanosecond: a run of a few seconds is not rounded to 10 ms ticks as in cpuMs); null elsewhere.
 * A thread that ends between two readings takes its time with it (the server's threads live as long as it does).
 * @example const before = cpuNs(child.pid!);
 */
export function cpuNs(pid: number): number | null {
  try {
    let total = 0;
    for (const task of readdirSync(`/proc/${pid}/task`))
      total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    return total;
  } catch {
    return null;
  }
}

/**
 * Moves this process and all its threads onto `cpus` (a taskset list such as "0"), so that the load generator in it
 * never shares a CPU with the server it measures; false where taskset is missing or refuses.
 * @example pinThisProcess('0');
 */
export function pinThisProcess(cpus: string): boolean {
  try {
    execFileSync('taskset', ['-a', '-pc', cpus, String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * An Enterprise key with a rate high enough not to throttle, made by a build's CLI (`main`) on the store of `storeEnv`.
 * @example const key = await createBenchKey('bench', { USSYNTH_DB: '/tmp/b/store.sqlite' });
 */
export async function createBenchKey(
  account: string,
  storeEnv: Record<string, string>,
  main = 'server/dist/cli/main.js',
): Promise<string> {
  const made = await promisify(execFile)(
    process.execPath,
    [
      main,
      'keys',
      'create',
      '--account',
      account,
      '--tier',
      'enterprise',
      '--rate',
      '100000',
      '--monthly-quota',
      '1000000000000',
      '--json',
    ],
    { cwd: root, env: { ...process.env, ...storeEnv } },
  );
  return (JSON.parse(made.stdout) as { key: string }).key;
}

/**
 * Stops the processes with SIGTERM and waits for each to exit (a --cpu-prof profile is written on exit).
 * @example await stopServerProcesses([api.child]);
 */
export async function stopServerProcesses(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map((child) => {
      const exited =
        child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      return exited;
    }),
  );
}

/**
 * Time the process's main thread (its event loop) has spent on a CPU, in ns, from Linux's schedstat; null elsewhere.
 * With worker threads (the server's batch workers), what the event loop itself spends of the process's CPU time.
 * @example const before = mainThreadNs(child.pid!);
 */
export function mainThreadNs(pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
}
