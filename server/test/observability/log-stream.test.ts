import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bufferedLogStream } from '../../src/observability/log-stream.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ussynth-log-'));
  dirs.push(dir);
  return join(dir, 'out.log');
}

const lines = (count: number, width = 60) => Array.from({ length: count }, (_, i) => `{"n":${i},"pad":"${'x'.repeat(width)}"}\n`);

describe('bufferedLogStream', () => {
  it('holds lines until a block fills, then writes whole lines in order; close writes the rest', () => {
    const path = tempFile();
    const fd = openSync(path, 'w');
    const log = bufferedLogStream(fd, { bufferBytes: 1024, flushMs: 60_000 });
    const all = lines(40);
    all.slice(0, 5).forEach((line) => log.stream.write(line));
    expect(readFileSync(path, 'utf8')).toBe('');
    all.slice(5).forEach((line) => log.stream.write(line));
    const early = readFileSync(path, 'utf8');
    expect(early.length).toBeGreaterThan(0);
    expect(early.endsWith('\n')).toBe(true);
    expect(all.join('').startsWith(early)).toBe(true);
    log.close();
    closeSync(fd);
    expect(readFileSync(path, 'utf8')).toBe(all.join(''));
  });

  it('keeps multi-byte text intact and writes a line larger than the block in its place', () => {
    const path = tempFile();
    const fd = openSync(path, 'w');
    const log = bufferedLogStream(fd, { bufferBytes: 256, flushMs: 60_000 });
    const all = ['{"city":"Mayagüez","emoji":"😀"}\n', `{"big":"${'é'.repeat(500)}"}\n`, '{"after":true}\n'];
    all.forEach((line) => log.stream.write(line));
    log.close();
    closeSync(fd);
    expect(readFileSync(path, 'utf8')).toBe(all.join(''));
  });

  it('writes buffered lines on its timer', async () => {
    const path = tempFile();
    const fd = openSync(path, 'w');
    const log = bufferedLogStream(fd, { flushMs: 20 });
    log.stream.write('{"timed":true}\n');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readFileSync(path, 'utf8')).toBe('{"timed":true}\n');
    log.close();
    closeSync(fd);
  });

  it('keeps the lines a full pipe refuses (EAGAIN) and writes them in order once the reader reads', async () => {
    const path = tempFile();
    // A reader that starts late: the pipe (non-blocking, about 64 KB) fills first.
    const reader = spawn('sh', ['-c', `sleep 0.4; cat > '${path}'`], { stdio: ['pipe', 'ignore', 'inherit'] });
    const fd = (reader.stdin as unknown as { _handle: { fd: number } })._handle.fd;
    const log = bufferedLogStream(fd, { bufferBytes: 4096, flushMs: 60_000 });
    const all = lines(6000, 100); // about 700 KB, far more than a pipe holds
    all.forEach((line) => log.stream.write(line));
    // Close retries a full pipe for up to a second, long enough for the reader to start.
    log.close();
    reader.stdin!.end();
    await new Promise((resolve) => reader.on('exit', resolve));
    expect(readFileSync(path, 'utf8')).toBe(all.join(''));
  });
});
