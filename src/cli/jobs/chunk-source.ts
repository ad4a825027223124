import { Worker } from 'node:worker_threads';
import { BufferRing } from './buffer-ring.js';
import type { ChunkRequest, ChunkResult } from './chunk-messages.js';
import { CHUNK_RECORDS, chunkRenderer, jobRange, type RecordJob } from './record-job.js';

/**
 * A chunk of output: its bytes and how many records it holds.
 * @example for await (const { bytes, records } of recordChunks(job, 2)) done += records
 */
export interface Chunk {
  bytes: Uint8Array;
  records: number;
}

/** Chunks rendered ahead of the writer per worker: enough to keep workers busy, few enough to bound memory. */
const AHEAD_PER_WORKER = 2;

/**
 * The same when the main thread only consumes (SQLite's inserts): it takes a
 * chunk as long to insert as a worker takes to render one, and with two in
 * flight each side waited for the other whenever one was briefly descheduled.
 */
const AHEAD_PER_WORKER_CONSUMING = 4;

// A worker's records die young. A fixed young generation keeps a worker's footprint the same on every machine (V8 sizes it from physical memory otherwise); much smaller ones made runs slower here without saving memory.
const WORKER_YOUNG_GENERATION_MB = 32;

interface Pending {
  resolve(bytes: Uint8Array): void;
  reject(error: Error): void;
  promise: Promise<Uint8Array>;
}

function pending(): Pending {
  let resolve!: (bytes: Uint8Array) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<Uint8Array>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // Rejections are observed when the writer awaits the chunk; this avoids an unhandled-rejection crash before that.
  promise.catch(() => undefined);
  return { resolve, reject, promise };
}

function* inlineChunks(job: RecordJob, chunkRecords: number): Generator<Chunk> {
  const render = chunkRenderer(job);
  // The consumer writes chunk k while chunk k+1 renders: chunk k+2 may reuse chunk k's buffer.
  const buffers = new BufferRing(2);
  const { first, end } = jobRange(job);
  for (let start = first; start < end; start += chunkRecords) {
    const count = Math.min(chunkRecords, end - start);
    yield { bytes: buffers.fill((buffer) => render(start, count, buffer)), records: count };
  }
}

async function* threadedChunks(job: RecordJob, jobs: number, chunkRecords: number, mainRenders: boolean): AsyncGenerator<Chunk> {
  const { first, end } = jobRange(job);
  const chunks = Math.ceil((end - first) / chunkRecords);
  const threads = Math.min(jobs, chunks);
  // The main thread is one of the `jobs` threads: it renders chunk k when k % threads is 0, so N jobs cost N-1 extra isolates (each holds its own copy of the index).
  // Without mainRenders (the main thread has other work: SQLite's inserts) the `jobs` threads are all workers, chunk k on worker k % threads.
  const own = mainRenders ? 1 : 0;
  const ahead = threads * (mainRenders ? AHEAD_PER_WORKER : AHEAD_PER_WORKER_CONSUMING);
  const render = mainRenders ? chunkRenderer(job) : undefined;
  // The main thread's own chunks are at least `threads` apart, so their writes are done when the ring comes round.
  const buffers = new BufferRing(2);
  const workers = Array.from(
    { length: threads - own },
    () => new Worker(new URL('./chunk-worker.js', import.meta.url), { workerData: job, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } }),
  );
  const results = new Map<number, Pending>();
  const failAll = (error: Error): void => {
    for (const entry of results.values()) entry.reject(error);
  };
  for (const worker of workers) {
    worker.on('message', (result: ChunkResult) => results.get(result.sequence)?.resolve(result.bytes));
    worker.on('error', (error) => failAll(error));
    worker.on('exit', (code) => failAll(new Error(`a generation worker stopped early (exit ${code})`)));
  }
  const startOf = (sequence: number): number => first + sequence * chunkRecords;
  const countOf = (sequence: number): number => Math.min(chunkRecords, end - startOf(sequence));
  // Written buffers waiting to go back to the worker they came from.
  const returned: ArrayBuffer[][] = workers.map(() => []);
  // The last worker chunk handed to the consumer, whose buffer may still be being written.
  let written: { worker: number; buffer: ArrayBuffer } | undefined;
  let sent = 0;
  const dispatch = (): void => {
    const sequence = sent++;
    const worker = (sequence % threads) - own;
    if (worker < 0) return;
    const recycled = returned[worker].pop();
    const request: ChunkRequest = { sequence, start: startOf(sequence), count: countOf(sequence), ...(recycled ? { recycled } : {}) };
    results.set(sequence, pending());
    workers[worker].postMessage(request, recycled ? [recycled] : []);
  };
  try {
    for (let next = 0; next < chunks; next++) {
      while (sent < chunks && sent < next + ahead) dispatch();
      const worker = (next % threads) - own;
      if (worker < 0) {
        yield { bytes: buffers.fill((buffer) => render!(startOf(next), countOf(next), buffer)), records: countOf(next) };
        if (written) returned[written.worker].push(written.buffer);
        written = undefined;
        continue;
      }
      const bytes = await results.get(next)!.promise;
      results.delete(next);
      yield { bytes, records: countOf(next) };
      // The consumer keeps one write in flight: when it asks for the chunk after this one, the write
      // of the chunk before this one has finished, and that buffer can go back to its worker.
      if (written) returned[written.worker].push(written.buffer);
      written = { worker, buffer: bytes.buffer as ArrayBuffer };
    }
  } finally {
    for (const worker of workers) worker.removeAllListeners('exit');
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/**
 * The job's records as chunks of bytes in output order: rendered inline for
 * one job, else on the main thread and `jobs - 1` worker threads, with a
 * bounded number of chunks in flight; with `mainRenders` false, on `jobs`
 * worker threads only, leaving the main thread free for the consumer's work.
 * Either way the bytes are the same.
 * @example for await (const chunk of recordChunks(job, 2)) await sink.write(chunk.bytes)
 */
export async function* recordChunks(job: RecordJob, jobs: number, chunkRecords = CHUNK_RECORDS, mainRenders = true): AsyncGenerator<Chunk> {
  const { first, end } = jobRange(job);
  if (mainRenders && (jobs <= 1 || end - first <= chunkRecords)) yield* inlineChunks(job, chunkRecords);
  else yield* threadedChunks(job, Math.max(1, jobs), chunkRecords, mainRenders);
}
