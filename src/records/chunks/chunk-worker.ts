// Worker-thread entry of `--jobs N`: renders the chunks the main thread asks for.
import { parentPort, workerData } from 'node:worker_threads';
import type { ChunkRequest, ChunkResult, ChunkWorkerReady } from './chunk-messages.js';
import { chunkRenderer, type RecordJob } from '../record-job.js';

const render = chunkRenderer(workerData as RecordJob);
// Buffers handed back by the main thread. Reusing them keeps the number of chunk buffers fixed; fresh ones per chunk would pile up as external memory between the main thread's rare collections.
const spare: ArrayBuffer[] = [];

parentPort!.on('message', (request: ChunkRequest) => {
  if (request.recycled) spare.push(request.recycled);
  const recycled = spare.pop();
  const bytes = render(request.start, request.count, recycled && new Uint8Array(recycled));
  const result: ChunkResult = { sequence: request.sequence, bytes };
  parentPort!.postMessage(result, [bytes.buffer as ArrayBuffer]);
});
// Built: from now on a chunk sent here starts at once (chunk-source hands the first chunks to the main thread until then).
parentPort!.postMessage({ ready: true } satisfies ChunkWorkerReady);
