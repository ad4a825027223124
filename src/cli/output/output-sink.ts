import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { AtomicFile } from './atomic-file.js';

/**
 * Where a run's bytes go: `write` resolves once the bytes are accepted
 * (back-pressure), `commit` completes the output, `abort` discards it.
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
    if (this.stream.write(bytes)) {
      // stdout redirected to a file writes synchronously; without a turn of the event loop a long run would never see SIGINT.
      await nextTurn();
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const done = (): void => {
        this.stream.off('drain', done);
        this.stream.off('error', done);
        this.stream.off('close', done);
        if (this.failure) reject(this.failure);
        else resolve();
      };
      this.stream.on('drain', done);
      this.stream.on('error', done);
      this.stream.on('close', done);
    });
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
