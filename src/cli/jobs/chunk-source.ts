import { Worker } from 'node:worker_threads';
import type { ChunkRequest, ChunkResult } from './chunk-messages.js';
import { CHUNK_RECORDS, chunkRenderer, type RecordJob } from './record-job.js';

/** A chunk of output: its bytes and how many records it holds. */
export interface Chunk {
  bytes: Uint8Array;
  records: number;
}

/** Chunks rendered ahead of the writer per worker: enough to keep workers busy, few enough to bound memory. */
const AHEAD_PER_WORKER = 2;

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
  for (let start = 0; start < job.count; start += chunkRecords) {
    const count = Math.min(chunkRecords, job.count - start);
    yield { bytes: Buffer.from(render(start, count), 'utf8'), records: count };
  }
}

async function* workerChunks(job: RecordJob, jobs: number, chunkRecords: number): AsyncGenerator<Chunk> {
  const chunks = Math.ceil(job.count / chunkRecords);
  const workers = Array.from({ length: Math.min(jobs, chunks) }, () => new Worker(new URL('./chunk-worker.js', import.meta.url), { workerData: job }));
  const results = new Map<number, Pending>();
  const failAll = (error: Error): void => {
    for (const entry of results.values()) entry.reject(error);
  };
  for (const worker of workers) {
    worker.on('message', (result: ChunkResult) => results.get(result.sequence)?.resolve(result.bytes));
    worker.on('error', (error) => failAll(error));
    worker.on('exit', (code) => failAll(new Error(`a generation worker stopped early (exit ${code})`)));
  }
  let sent = 0;
  const send = (): void => {
    const start = sent * chunkRecords;
    const request: ChunkRequest = { sequence: sent, start, count: Math.min(chunkRecords, job.count - start) };
    results.set(sent, pending());
    workers[sent % workers.length].postMessage(request);
    sent++;
  };
  try {
    for (let next = 0; next < chunks; next++) {
      while (sent < chunks && sent < next + workers.length * AHEAD_PER_WORKER) send();
      const bytes = await results.get(next)!.promise;
      results.delete(next);
      yield { bytes, records: Math.min(chunkRecords, job.count - next * chunkRecords) };
    }
  } finally {
    for (const worker of workers) worker.removeAllListeners('exit');
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/**
 * The job's records as chunks of bytes in output order: rendered inline for
 * one job, else on `jobs` worker threads with a bounded number in flight.
 * Either way the bytes are the same.
 * @example for await (const chunk of recordChunks(job, 2)) await sink.write(chunk.bytes)
 */
export async function* recordChunks(job: RecordJob, jobs: number, chunkRecords = CHUNK_RECORDS): AsyncGenerator<Chunk> {
  if (jobs <= 1 || job.count <= chunkRecords) yield* inlineChunks(job, chunkRecords);
  else yield* workerChunks(job, jobs, chunkRecords);
}
