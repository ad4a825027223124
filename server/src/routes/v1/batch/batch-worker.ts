// Worker-thread entry of BatchThreads: makes the batch bodies the main thread asks for.
import { parentPort } from 'node:worker_threads';
import { UssynthError } from 'ussynth';
import { batchBody, type BatchJob } from './batch-body.js';

/**
 * A job sent to a batch worker.
 * @example worker.postMessage({ id: 1, job: { seed: 'demo', fictional: false, start: 0, count: 1000 } } satisfies BatchRequest)
 */
export interface BatchRequest {
  id: number;
  job: BatchJob;
}

/**
 * A worker's answer: the body's bytes (their buffer transferred), or what went wrong (a library error's code and parameter with it).
 * @example worker.on('message', (result: BatchResult) => ('bytes' in result ? send(result.bytes) : fail(result.error.message)))
 */
export type BatchResult =
  | { id: number; bytes: Uint8Array }
  | { id: number; error: { message: string; code?: string; param?: string } };

parentPort?.on('message', ({ id, job }: BatchRequest) => {
  let result: BatchResult;
  try {
    result = { id, bytes: batchBody(job) };
  } catch (error) {
    if (error instanceof UssynthError)
      result = { id, error: { message: error.message, code: error.code, param: error.param } };
    else result = { id, error: { message: error instanceof Error ? (error.stack ?? error.message) : String(error) } };
  }
  parentPort!.postMessage(result, 'bytes' in result ? [result.bytes.buffer as ArrayBuffer] : []);
});
