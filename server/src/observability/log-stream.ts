import { writeSync } from 'node:fs';

/** Bytes of log lines gathered before one write to the log's file descriptor. */
export const LOG_BUFFER_BYTES = 64 * 1024;
/**
 * How long after a line enters an empty block the block is written: the longest a line waits at idle, half of
 * the 100 ms promised to an operator tailing the log (the rest is margin for a busy event loop).
 */
export const LOG_FLUSH_MS = 50;
/** How long a write to a full pipe is retried at exit before the rest is given up. */
const EXIT_RETRY_MS = 1000;
/** Most bytes kept for a reader that does not read (a stuck pipe); beyond that lines are dropped. */
const MAX_STALLED_BYTES = 16 * 1024 * 1024;

const OPEN = new Set<() => void>();

/** The server's log destination and how to stop it. */
export interface LogStream {
  /** Takes one or more whole lines; a pino destination. */
  stream: { write(lines: string): void };
  /** Stops the timer and writes out what is buffered (retrying a full pipe for up to a second). */
  close(): void;
}

/**
 * A file descriptor (standard output by default) for the logs, written in
 * blocks of up to 64 KB instead of one write per line: at API rates a system
 * call per line was the largest cost of logging. The first line into an
 * empty block arms a timer: the block is written LOG_FLUSH_MS later if it has
 * not filled before, so at idle a line waits at most that long (an operator
 * tailing the log sees a sign-up's verification link at once), and under load
 * blocks are still written whole. Whatever is buffered is written when the
 * process exits (including process.exit after a SIGTERM drain), so only a
 * kill -9 can lose the last LOG_FLUSH_MS of log lines (never usage, which has
 * its own journal). A pipe that is full (EAGAIN) keeps its lines for the next
 * flush, which the timer retries.
 *
 * Written here rather than with pino's sonic-boom: sonic-boom measures the
 * UTF-8 length of its whole pending text on every write, which flattens and
 * rescans up to minLength bytes per line, and keeps every line string alive
 * until the flush (so they survive young-generation collections). Here each
 * line is encoded once into a preallocated block and dies with its request.
 * @example const log = bufferedLogStream(); Fastify({ logger: { stream: log.stream } }); app.addHook('onClose', log.close)
 */
export function bufferedLogStream(fd = 1, options: { bufferBytes?: number; flushMs?: number } = {}): LogStream {
  // Lines are encoded into this block as they come, so no line string outlives its request.
  const block = Buffer.allocUnsafe(options.bufferBytes ?? LOG_BUFFER_BYTES);
  const sleep = new Int32Array(new SharedArrayBuffer(4));
  let used = 0;
  // Bytes a full pipe did not take yet.
  let stalled: Buffer | null = null;
  const writeAll = (data: Buffer, retryMs: number) => {
    const giveUpAt = performance.now() + retryMs;
    while (data.length > 0) {
      try {
        data = data.subarray(writeSync(fd, data));
      } catch (error) {
        // Anything but a full pipe (a closed reader, a full disk) loses these lines rather than the server.
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
        if (performance.now() >= giveUpAt) {
          // A reader that does not keep up: keep at most MAX_STALLED_BYTES for the next flush.
          const kept = stalled === null ? Buffer.from(data) : Buffer.concat([stalled, data]);
          stalled = kept.length <= MAX_STALLED_BYTES ? kept : null;
          return;
        }
        Atomics.wait(sleep, 0, 0, 1);
      }
    }
  };
  // Writes data after whatever a full pipe still holds, keeping the order of lines.
  const emit = (data: Buffer, retryMs: number) => {
    if (stalled !== null) {
      const earlier = stalled;
      stalled = null;
      writeAll(earlier, retryMs);
    }
    const still = stalled as Buffer | null; // writeAll may have stalled again
    if (still === null) writeAll(data, retryMs);
    else if (still.length + data.length <= MAX_STALLED_BYTES) stalled = Buffer.concat([still, data]);
  };
  const writeOut = (retryMs: number) => {
    const data = block.subarray(0, used);
    used = 0;
    if (data.length > 0 || stalled !== null) emit(data, retryMs);
  };
  // At most one timer, set by the first line after a write (and again while a full pipe keeps lines): idle, none.
  const flushMs = options.flushMs ?? LOG_FLUSH_MS;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const writeSoon = () => {
    timer = setTimeout(() => {
      timer = undefined;
      writeOut(0);
      if (stalled !== null && !closed) writeSoon();
    }, flushMs);
    timer.unref();
  };
  const stream = {
    write(lines: string) {
      // At most 3 bytes of UTF-8 per UTF-16 unit: a line that may not fit goes after the block is written.
      if (used + lines.length * 3 > block.length) {
        writeOut(0);
        if (lines.length * 3 > block.length) {
          emit(Buffer.from(lines), 0);
          if (stalled !== null && timer === undefined && !closed) writeSoon();
          return;
        }
      }
      used += block.write(lines, used);
      if (timer === undefined && !closed) writeSoon();
    },
  };
  const flush = () => writeOut(EXIT_RETRY_MS);
  // Lines logged after close (the server's last words) are still written at exit; one listener per process.
  if (OPEN.size === 0)
    process.once('exit', () => {
      for (const write of OPEN) write();
    });
  OPEN.add(flush);
  return {
    stream,
    close() {
      // Lines logged after close (the server's last words) wait for the exit, as before.
      closed = true;
      clearTimeout(timer);
      flush();
    },
  };
}
