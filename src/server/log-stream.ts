import pino from 'pino';

/** Bytes of log lines gathered before one write to standard output. */
export const LOG_BUFFER_BYTES = 4096;
/** Longest time a log line waits in the buffer. */
export const LOG_FLUSH_MS = 1000;

const OPEN = new Set<() => void>();

/** The server's log destination and how to stop it. */
export interface LogStream {
  /** The pino destination (standard output). */
  stream: pino.DestinationStream;
  /** Stops the timer and writes out what is buffered. */
  close(): void;
}

/**
 * Standard output for the logs, written in blocks of about 4 KB instead of
 * one write per line: at API rates a system call per line was the largest
 * cost of logging. Lines wait at most a second, and whatever is buffered is
 * written when the process exits (including process.exit after a SIGTERM
 * drain), so only a kill -9 can lose the last second of log lines (never
 * usage, which has its own journal).
 * @example const log = bufferedLogStream(); Fastify({ logger: { stream: log.stream } }); app.addHook('onClose', log.close)
 */
export function bufferedLogStream(): LogStream {
  // Synchronous writes of whole blocks: no thread-pool round trip, and the exit handler can finish the job.
  const stream = pino.destination({ dest: 1, sync: true, minLength: LOG_BUFFER_BYTES });
  const flush = () => stream.flushSync();
  const timer = setInterval(flush, LOG_FLUSH_MS);
  timer.unref();
  // Lines logged after close (the server's last words) are still written at exit; one listener per process.
  if (OPEN.size === 0) process.once('exit', () => OPEN.forEach((write) => write()));
  OPEN.add(flush);
  return {
    stream,
    close() {
      clearInterval(timer);
      flush();
    },
  };
}
