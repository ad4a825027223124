import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { AtomicFile } from './atomic-file.js';

/**
 * Where a run's bytes go: `write` resolves once the bytes are written out
 * (so the buffer may be reused; one write at a time is back-pressure enough),
 * `commit` completes the output, `abort` discards it.
 * @example const sink = await openSink(undefined, process.stdout); await sink.write(bytes); await sink.commit();
 */
export interface OutputSink {
  /** What the messages call this output: the file path or "stdout". */
  readonly name: string;
  write(bytes: Uint8Array): Promise<void>;
  commit(): Promise<void>;
  abort(): Promise<void>;
  /** Discards the output at once (from an exit path). */
  abortSync(): void;
}

/**
 * The reader of a pipe went away (`ussynth ... | head`): not an error of ours, so the run just stops.
 * @example if (error instanceof ClosedPipeError) return 0
 */
export class ClosedPipeError extends Error {
  constructor() {
    super('the reader of stdout closed the pipe');
    this.name = 'ClosedPipeError';
  }
}

class StreamSink implements OutputSink {
  readonly name = 'stdout';
  private failure: Error | undefined;

  constructor(private readonly stream: Writable) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      this.failure = error.code === 'EPIPE' ? new ClosedPipeError() : error;
    });
  }

  async write(bytes: Uint8Array): Promise<void> {
    if (this.failure) throw this.failure;
    // Resolved when the stream has handed the bytes to the system, not merely queued them: the
    // caller may then reuse the buffer (a worker's chunk buffer goes back to the worker).
    await new Promise<void>((resolve, reject) => {
      this.stream.write(bytes, (error) => {
        if (!error) resolve();
        else
          reject((error as NodeJS.ErrnoException).code === 'EPIPE' ? new ClosedPipeError() : (this.failure ?? error));
      });
    });
    // stdout redirected to a file completes synchronously; without a turn of the event loop a long run would never see SIGINT.
    await nextTurn();
  }

  async commit(): Promise<void> {
    if (this.failure) throw this.failure;
  }

  async abort(): Promise<void> {}

  abortSync(): void {}
}

class FileSink implements OutputSink {
  constructor(private readonly file: AtomicFile) {}

  get name(): string {
    return this.file.path;
  }

  write(bytes: Uint8Array): Promise<void> {
    return this.file.write(bytes);
  }

  commit(): Promise<void> {
    return this.file.commit();
  }

  abort(): Promise<void> {
    return this.file.abort();
  }

  abortSync(): void {
    this.file.abortSync();
  }
}

/**
 * The sink for `--out FILE` (an AtomicFile) or, without a path, the given stream.
 * @example await openSink('fixtures.ndjson', process.stdout)
 */
export async function openSink(path: string | undefined, stdout: Writable): Promise<OutputSink> {
  return path === undefined ? new StreamSink(stdout) : new FileSink(await AtomicFile.create(path));
}
