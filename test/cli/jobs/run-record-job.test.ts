import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BINARY, finished, runBinary, startBinary } from '../run-binary.js';

const scratch = mkdtempSync(join(tmpdir(), 'ussynth-cli-run-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function freshDir(name: string): string {
  const dir = join(scratch, name);
  mkdirSync(dir);
  return dir;
}

/** Waits until the run's temporary file exists and has data, so the signal lands mid-write. */
async function waitForTempFile(dir: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const temp = readdirSync(dir).find((name) => name.endsWith('.tmp'));
    if (temp && statSync(join(dir, temp)).size > 1_000_000) return temp;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the run never started writing its temporary file');
}

describe('interrupted --out', () => {
  for (const [signal, status, jobs] of [
    ['SIGINT', 130, '2'],
    ['SIGTERM', 143, '1'],
  ] as const) {
    it(`${signal} mid-run removes the temporary file, keeps the old file and exits ${status}`, async () => {
      const dir = freshDir(`interrupt-${signal}`);
      const path = join(dir, 'fixtures.ndjson');
      writeFileSync(path, 'previous run\n');
      const child = startBinary([
        'address',
        '--seed',
        '1',
        '--count',
        '100000000',
        '--format',
        'ndjson',
        '--jobs',
        jobs,
        '--out',
        path,
      ]);
      const result = finished(child);
      const temp = await waitForTempFile(dir);
      expect(temp.startsWith('.fixtures.ndjson.')).toBe(true);
      child.kill(signal);
      const { status: exit, stderr } = await result;
      expect(exit).toBe(status);
      expect(stderr).toContain(`interrupted by ${signal}; removed the partial ${path}`);
      expect(readdirSync(dir)).toEqual(['fixtures.ndjson']);
      expect(readFileSync(path, 'utf8')).toBe('previous run\n');
    });
  }

  it('a write error (file size limit, EFBIG) removes the temporary file and exits 74', async () => {
    const dir = freshDir('efbig');
    const path = join(dir, 'big.csv');
    // ulimit -f caps file size (in blocks); the write past it fails like a full disk would.
    const { status, stderr, stdout } = await finished(
      startBinary(['address', '--seed', '1', '--count', '200000', '--format', 'csv', '--out', path], {
        shell: 'ulimit -f 200;',
      }),
    );
    expect(status).toBe(74);
    expect(stderr).toMatch(
      new RegExp(`^ussynth: cannot write ${path}: .*(EFBIG|too large).*; no file was written\\n$`),
    );
    expect(stdout.length).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('an --out in a missing folder fails before generating, naming the path', async () => {
    const path = join(scratch, 'no-such-folder', 'out.json');
    const { status, stderr } = await runBinary(['ein', '--seed', '1', '--out', path]);
    expect(status).toBe(74);
    expect(stderr).toMatch(/^ussynth: cannot create --out .*no-such-folder\/out\.json: .*ENOENT/);
    expect(existsSync(join(scratch, 'no-such-folder'))).toBe(false);
  });
});

describe('interrupted stdout', () => {
  it('SIGINT stops a run whose stdout is a file (synchronous writes) with status 130', async () => {
    const dir = freshDir('stdout-file');
    const path = join(dir, 'redirected.ndjson');
    const fd = openSync(path, 'w');
    const child = spawn(
      process.execPath,
      [BINARY, 'address', '--seed', '1', '--count', '100000000', '--format', 'ndjson'],
      { stdio: ['ignore', fd, 'pipe'] },
    );
    closeSync(fd);
    const result = finished(child);
    const deadline = Date.now() + 30_000;
    while (statSync(path).size < 1_000_000 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGINT');
    const { status, stderr } = await result;
    expect(status).toBe(130);
    expect(stderr).toBe('ussynth: interrupted by SIGINT\n');
  });
});

describe('stderr and stdout', () => {
  it('a long piped run writes nothing to stderr but the seed line', async () => {
    const dir = freshDir('piped');
    const { status, stderr } = await runBinary([
      'address',
      '--count',
      '150000',
      '--format',
      'ndjson',
      '--out',
      join(dir, 'a.ndjson'),
    ]);
    expect(status).toBe(0);
    expect(stderr).toMatch(/^seed: [^\n]+\n$/);
  });

  it('on a terminal a long run draws a progress bar with rate and ETA on stderr, and clears it', () => {
    const dir = freshDir('tty');
    const command = `${process.execPath} ${BINARY} address --seed 1 --count 300000 --format ndjson --out ${join(dir, 'a.ndjson')}`;
    // script(1) gives the binary a real pseudo-terminal.
    const run = spawnSync('script', ['-qefc', command, '/dev/null'], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/\r\[[#.]{24}\] +\d+\.\d% {2}\d+\/300000 {2}[\d.]+[kM]?\/s {2}ETA \d+:\d\d/);
    expect(run.stdout.endsWith('\r\x1b[K')).toBe(true);
    expect(readFileSync(join(dir, 'a.ndjson'), 'utf8').split('\n')).toHaveLength(300001);
  });

  it('draws no progress bar when the records go to the same terminal', () => {
    const command = `${process.execPath} ${BINARY} ein --seed 1 --count 150000 --format ndjson`;
    const run = spawnSync('script', ['-qefc', command, '/dev/null'], {
      encoding: 'utf8',
      timeout: 60_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain('ETA');
    expect(run.stdout.split('\n').filter((line) => line.startsWith('{"ein":'))).toHaveLength(150000);
  });

  it('a reader closing the pipe early ends the run quietly with status 0', async () => {
    const child = startBinary(['address', '--seed', '1', '--count', '100000000', '--format', 'ndjson']);
    const result = finished(child);
    await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
    child.stdout!.destroy();
    const { status, stderr } = await result;
    expect(stderr).toBe('');
    expect(status).toBe(0);
  });
});
