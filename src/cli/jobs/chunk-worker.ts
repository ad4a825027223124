// Worker-thread entry of `--jobs N`: renders the chunks the main thread asks for.
import { parentPort, workerData } from 'node:worker_threads';
import { chunkRenderer, type RecordJob } from './record-job.js';
import type { ChunkRequest, ChunkResult } from './chunk-messages.js';

const render = chunkRenderer(workerData as RecordJob);
// TextEncoder always returns a buffer of its own (Buffer.from may hand out a slice of a shared pool), so it can be transferred.
const encoder = new TextEncoder();

parentPort!.on('message', (request: ChunkRequest) => {
  const bytes = encoder.encode(render(request.start, request.count));
  const result: ChunkResult = { sequence: request.sequence, bytes };
  parentPort!.postMessage(result, [bytes.buffer as ArrayBuffer]);
});
