// Worker-thread entry of `--jobs N`: renders the chunks the main thread asks for.
import { parentPort, workerData } from 'node:worker_threads';
import type { ChunkRequest, ChunkResult } from './chunk-messages.js';
import { chunkRenderer, type RecordJob } from './record-job.js';

const render = chunkRenderer(workerData as RecordJob);
const encoder = new TextEncoder();
// Buffers handed back by the main thread. Reusing them keeps the number of chunk buffers fixed; fresh ones per chunk would pile up as external memory between the main thread's rare collections.
const spare: ArrayBuffer[] = [];

function encode(text: string): Uint8Array {
  const buffer = spare.pop();
  if (buffer) {
    const { read, written } = encoder.encodeInto(text, new Uint8Array(buffer));
    if (read === text.length) return new Uint8Array(buffer, 0, written);
  }
  // No spare or too small: a fresh buffer with room for a somewhat longer chunk next time.
  const bytes = encoder.encode(text);
  const roomy = new Uint8Array(Math.ceil(bytes.length * 1.25));
  roomy.set(bytes);
  return roomy.subarray(0, bytes.length);
}

parentPort!.on('message', (request: ChunkRequest) => {
  if (request.recycled) spare.push(request.recycled);
  const bytes = encode(render(request.start, request.count));
  const result: ChunkResult = { sequence: request.sequence, bytes };
  parentPort!.postMessage(result, [bytes.buffer as ArrayBuffer]);
});
