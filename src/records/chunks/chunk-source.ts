import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { BufferRing } from './buffer-ring.js';
import type { ChunkRequest, ChunkResult, ChunkWorkerReady } from './chunk-messages.js';
import { CHUNK_RECORDS, chunkRenderer, jobRange, type ChunkRenderer, type RecordJob } from '../record-job.js';

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

/**
 * Chunks a consuming main thread renders ahead of its turn (taken when a
 * worker's next chunk is not ready): each is held until its turn, so this
 * bounds what stealing adds to memory: a ring of MAIN_AHEAD + 2 chunk
 * buffers (a chunk of 2,000 default records as SQLite row tuples is about
 * 0.25 MB).
 */
const MAIN_AHEAD = 4;

/**
 * How the threads are started; the worker script is replaceable for tests
 * (a slow worker makes the main thread take chunks).
 * @example recordChunks(job, 1, { mainRenders: false, worker: new URL('./slow-worker.mjs', import.meta.url) })
 */
export interface ChunkThreads {
  /** The worker threads' script (default chunk-worker.js beside this module); it posts ChunkWorkerReady, then answers ChunkRequests. */
  worker?: URL;
}

/**
 * How `recordChunks` cuts and renders: records per chunk (default
 * CHUNK_RECORDS), and whether the main thread renders its share of the
 * chunks (default) or only when it would otherwise wait (its consumer keeps
 * it busy: `--to sqlite:` inserting).
 * @example recordChunks(job, 2, { chunkRecords: 500, mainRenders: false })
 */
export interface ChunkOptions extends ChunkThreads {
  chunkRecords?: number;
  mainRenders?: boolean;
}

const CHUNK_WORKER = new URL('./chunk-worker.js', import.meta.url);

// A worker's records die young. A fixed young generation keeps a worker's footprint the same on every machine (V8 sizes it from physical memory otherwise); much smaller ones made runs slower here without saving memory.
const WORKER_YOUNG_GENERATION_MB = 32;

interface Pending {
  resolve(bytes: Uint8Array): void;
  reject(error: Error): void;
  promise: Promise<Uint8Array>;
}

/** Starts a rendering worker whose error, or exit before it is terminated, is passed to `fail`. */
function startWorker(job: RecordJob, threads: ChunkThreads, fail: (error: Error) => void): Worker {
  const worker = new Worker(threads.worker ?? CHUNK_WORKER, {
    workerData: job,
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
  });
  worker.on('error', (error) => fail(error));
  worker.on('exit', (code) => fail(new Error(`a generation worker stopped early (exit ${code})`)));
  return worker;
}

/** A job's range cut into chunks: how many, and the first record and record count of chunk `sequence`. */
function chunkLayout(
  job: RecordJob,
  chunkRecords: number,
): { chunks: number; startOf(sequence: number): number; countOf(sequence: number): number } {
  const { first, end } = jobRange(job);
  const startOf = (sequence: number): number => first + sequence * chunkRecords;
  return {
    chunks: Math.ceil((end - first) / chunkRecords),
    startOf,
    countOf: (sequence) => Math.min(chunkRecords, end - startOf(sequence)),
  };
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

async function* threadedChunks(
  job: RecordJob,
  jobs: number,
  chunkRecords: number,
  threads: ChunkThreads,
): AsyncGenerator<Chunk> {
  const { chunks, startOf, countOf } = chunkLayout(job, chunkRecords);
  const threadCount = Math.min(jobs, chunks);
  // The main thread is one of the `jobs` threads: it renders chunk k when k % threadCount is 0, so N jobs cost N-1 extra isolates (each holds its own copy of the index).
  const ahead = threadCount * AHEAD_PER_WORKER;
  const render = chunkRenderer(job);
  // The main thread's own chunks are at least `threadCount` apart, so their writes are done when the ring comes round.
  const buffers = new BufferRing(2);
  const results = new Map<number, Pending>();
  const failAll = (error: Error): void => {
    for (const entry of results.values()) entry.reject(error);
  };
  const workers = Array.from({ length: threadCount - 1 }, () => startWorker(job, threads, failAll));
  for (const worker of workers) {
    // A ChunkWorkerReady has no sequence and is ignored: here the chunks are dealt round the threads from the start.
    worker.on('message', (result: ChunkResult) => results.get(result.sequence)?.resolve(result.bytes));
  }
  // Written buffers waiting to go back to the worker they came from.
  const returned: ArrayBuffer[][] = workers.map(() => []);
  // The last worker chunk handed to the consumer, whose buffer may still be being written.
  let written: { worker: number; buffer: ArrayBuffer } | undefined;
  let sent = 0;
  const dispatch = (): void => {
    const sequence = sent++;
    const worker = (sequence % threadCount) - 1;
    if (worker < 0) return;
    const recycled = returned[worker].pop();
    const request: ChunkRequest = {
      sequence,
      start: startOf(sequence),
      count: countOf(sequence),
      ...(recycled ? { recycled } : {}),
    };
    results.set(sequence, pending());
    workers[worker].postMessage(request, recycled ? [recycled] : []);
  };
  try {
    for (let next = 0; next < chunks; next++) {
      while (sent < chunks && sent < next + ahead) dispatch();
      const worker = (next % threadCount) - 1;
      if (worker < 0) {
        yield { bytes: buffers.fill((buffer) => render(startOf(next), countOf(next), buffer)), records: countOf(next) };
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
 * The chunks when the main thread has other work (SQLite's inserts): `jobs`
 * worker threads render them, and the main thread renders a chunk itself
 * whenever it would otherwise wait. Until a worker has posted that it is
 * ready, the main thread renders each chunk in its turn (the workers' start:
 * isolate, code, index); after that the workers take the chunks in order,
 * AHEAD_PER_WORKER_CONSUMING each in flight, and when the next chunk's worker
 * has not answered yet the main thread takes the furthest chunk not yet
 * handed out, renders it and holds it until its turn (at most MAIN_AHEAD).
 * Chunks are yielded strictly in sequence order, whoever rendered them.
 */
async function* consumingChunks(
  job: RecordJob,
  jobs: number,
  chunkRecords: number,
  threads: ChunkThreads,
): AsyncGenerator<Chunk> {
  const { chunks, startOf, countOf } = chunkLayout(job, chunkRecords);
  // Built on the main thread's first chunk, while the workers start.
  let render: ChunkRenderer | undefined;
  const renderHere = (sequence: number, buffer: Uint8Array | undefined): Uint8Array =>
    (render ??= chunkRenderer(job))(startOf(sequence), countOf(sequence), buffer);
  // The main thread's chunks are yielded in the order they were rendered; of the last MAIN_AHEAD + 1 before one
  // being rendered at most MAIN_AHEAD - 1 are still held, so the one whose buffer comes round was yielded at least
  // two chunks ago and its write has finished.
  const buffers = new BufferRing(MAIN_AHEAD + 2);
  const held = new Map<number, Uint8Array>();
  const results = new Map<number, Pending & { worker: number; done: boolean }>();
  let failure: Error | undefined;
  const failAll = (error: Error): void => {
    failure ??= error;
    for (const entry of results.values()) entry.reject(error);
  };
  const workers = Array.from({ length: Math.min(jobs, chunks) }, () => startWorker(job, threads, failAll));
  const ready = workers.map(() => false);
  const inFlight = workers.map(() => 0);
  workers.forEach((worker, index) => {
    worker.on('message', (message: ChunkResult | ChunkWorkerReady) => {
      if ('ready' in message) {
        ready[index] = true;
        return;
      }
      const entry = results.get(message.sequence);
      if (entry === undefined) return;
      entry.done = true;
      entry.resolve(message.bytes);
    });
  });
  // Written buffers waiting to go back to the worker they came from.
  const returned: ArrayBuffer[][] = workers.map(() => []);
  // The last worker chunk handed to the consumer, whose buffer may still be being written.
  let written: { worker: number; buffer: ArrayBuffer } | undefined;
  // Chunks handed out so far, in order: to a worker, or to the main thread.
  let sent = 0;
  // Hands the next chunks to the ready workers with room, the least busy first.
  const dispatch = (): void => {
    while (sent < chunks) {
      let worker = -1;
      for (let w = 0; w < workers.length; w++) {
        if (ready[w] && inFlight[w] < AHEAD_PER_WORKER_CONSUMING && (worker < 0 || inFlight[w] < inFlight[worker]))
          worker = w;
      }
      if (worker < 0) return;
      const sequence = sent++;
      const recycled = returned[worker].pop();
      const request: ChunkRequest = {
        sequence,
        start: startOf(sequence),
        count: countOf(sequence),
        ...(recycled ? { recycled } : {}),
      };
      results.set(sequence, { ...pending(), worker, done: false });
      inFlight[worker]++;
      workers[worker].postMessage(request, recycled ? [recycled] : []);
    }
  };
  try {
    for (let next = 0; next < chunks; next++) {
      let bytes: Uint8Array | undefined;
      let from: number | undefined;
      while (bytes === undefined) {
        if (failure !== undefined) throw failure;
        dispatch();
        const mine = held.get(next);
        if (mine !== undefined) {
          held.delete(next);
          bytes = mine;
        } else if (next === sent) {
          // No worker is ready yet: this thread renders the chunk in its turn.
          sent++;
          bytes = buffers.fill((buffer) => renderHere(next, buffer));
        } else {
          const entry = results.get(next)!;
          if (entry.done || held.size >= MAIN_AHEAD || sent >= chunks) {
            bytes = await entry.promise;
            from = entry.worker;
            results.delete(next);
            inFlight[from]--;
          } else {
            // The worker has not answered yet: render the furthest chunk not handed out, and hold it until its turn.
            const sequence = sent++;
            held.set(
              sequence,
              buffers.fill((buffer) => renderHere(sequence, buffer)),
            );
            // A turn of the event loop lets the workers' answers in.
            await nextTurn();
          }
        }
      }
      yield { bytes, records: countOf(next) };
      // The consumer keeps one write in flight: when it asks for the chunk after this one, the write
      // of the chunk before this one has finished, and that buffer can go back to its worker.
      if (written) returned[written.worker].push(written.buffer);
      written = from === undefined ? undefined : { worker: from, buffer: bytes.buffer as ArrayBuffer };
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
 * worker threads, the main thread (busy with the consumer's work) rendering
 * a chunk only when it would otherwise wait for a worker's (consumingChunks).
 * Either way the bytes are the same.
 * @example for await (const chunk of recordChunks(job, 2)) await sink.write(chunk.bytes)
 */
export async function* recordChunks(job: RecordJob, jobs: number, options: ChunkOptions = {}): AsyncGenerator<Chunk> {
  const { chunkRecords = CHUNK_RECORDS, mainRenders = true } = options;
  const threads: ChunkThreads = { worker: options.worker };
  const { first, end } = jobRange(job);
  if (!mainRenders) yield* consumingChunks(job, Math.max(1, jobs), chunkRecords, threads);
  else if (jobs <= 1 || end - first <= chunkRecords) yield* inlineChunks(job, chunkRecords);
  else yield* threadedChunks(job, jobs, chunkRecords, threads);
}
