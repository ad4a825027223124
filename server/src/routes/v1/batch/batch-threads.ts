import { Worker } from 'node:worker_threads';
import { UssynthError, type ErrorCode, type Generator } from 'ussynth';
import { batchBody, slicedBatchBody, type BatchJob } from './batch-body.js';
import type { BatchRequest, BatchResult } from './batch-worker.js';

/**
 * Worker threads of a server that make /v1/batch bodies (records and their
 * JSON), so that a 1000-record batch neither blocks the event loop for the
 * other requests nor keeps the server on one core. Each worker holds its own
 * copy of the index (read on its first job); a worker that fails is replaced
 * at the next job, and the jobs it held fail with it.
 * @example const threads = new BatchThreads(1); const bytes = await threads.render(job); await threads.close();
 */
export class BatchThreads {
  readonly #workers: (Slot | undefined)[];
  #nextId = 0;
  #closed = false;

  /** `size` workers at most (0: every body is made on the calling thread), started on first use. */
  constructor(size: number) {
    // Run from the TypeScript sources (the tests' in-process apps), there is no built worker file to start:
    // bodies are made on this thread. The built server starts its workers.
    this.#workers = new Array<Slot | undefined>(import.meta.url.endsWith('.ts') ? 0 : size).fill(undefined);
  }

  /** Workers this instance starts at most. */
  get size(): number {
    return this.#workers.length;
  }

  /**
   * The bytes of the batch body of `job`, made by the least busy worker (on this thread with no workers, or
   * once closed). A library error travels back as the same UssynthError; any other failure rejects. On this thread,
   * `generator` (the job's seed and phones, when the caller made it already) makes the records, in slices with turns
   * of the event loop between them when they count more than one record of quota each (slicedBatchBody).
   */
  render(job: BatchJob, generator?: Generator): Uint8Array | Promise<Uint8Array> {
    if (this.#workers.length === 0 || this.#closed)
      return job.fields === undefined ? batchBody(job, generator) : slicedBatchBody(job, generator);
    const slot = this.#leastBusy();
    const id = this.#nextId++;
    return new Promise<Uint8Array>((resolve, reject) => {
      // Posted first: a job that cannot be sent rejects here and is never counted as held.
      slot.worker.postMessage({ id, job } satisfies BatchRequest);
      slot.pending.set(id, { resolve, reject });
    });
  }

  /** Waits for the jobs in progress, then stops every worker; later jobs are made on the calling thread. */
  async close(): Promise<void> {
    this.#closed = true;
    const slots = this.#workers.filter((slot): slot is Slot => slot !== undefined);
    await Promise.all(slots.map((slot) => slot.idle()));
    this.#workers.fill(undefined);
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  /** An idle worker, else a new one while there is room, else the one holding the fewest jobs. */
  #leastBusy(): Slot {
    let best: Slot | undefined;
    let free = -1;
    for (let i = 0; i < this.#workers.length; i++) {
      const slot = this.#workers[i];
      if (slot === undefined) free = free < 0 ? i : free;
      else if (best === undefined || slot.pending.size < best.pending.size) best = slot;
    }
    if (best !== undefined && (best.pending.size === 0 || free < 0)) return best;
    const started: Slot = new Slot(() => {
      if (this.#workers[free] === started) this.#workers[free] = undefined;
    });
    this.#workers[free] = started;
    return started;
  }
}

interface Waiting {
  resolve(bytes: Uint8Array): void;
  reject(error: Error): void;
}

/** One worker and the jobs it holds. */
class Slot {
  readonly worker = new Worker(new URL('./batch-worker.js', import.meta.url));
  readonly pending = new Map<number, Waiting>();
  readonly #idle: (() => void)[] = [];

  constructor(onFailed: () => void) {
    // Never what keeps the process alive: the server closes the pool when it closes.
    this.worker.unref();
    this.worker.on('message', (result: BatchResult) => {
      const waiting = this.pending.get(result.id);
      if (waiting === undefined) return;
      this.pending.delete(result.id);
      if ('bytes' in result) waiting.resolve(result.bytes);
      else
        waiting.reject(
          result.error.code === undefined
            ? new Error(`a batch worker failed: ${result.error.message}`)
            : new UssynthError(result.error.code as ErrorCode, result.error.message, result.error.param),
        );
      if (this.pending.size === 0) this.#settled();
    });
    const fail = (error: Error): void => {
      onFailed();
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
      this.#settled();
    };
    this.worker.on('error', (error) => fail(error));
    this.worker.on('exit', (code) => fail(new Error(`a batch worker stopped (exit ${code})`)));
  }

  /** Resolves once the worker holds no job. */
  idle(): Promise<void> {
    if (this.pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  #settled(): void {
    for (const resolve of this.#idle.splice(0)) resolve();
  }
}
