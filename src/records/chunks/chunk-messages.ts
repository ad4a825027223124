/**
 * Main thread to worker: render records `start .. start+count-1`.
 * @example worker.postMessage({ sequence: 3, start: 6000, count: 2000 } satisfies ChunkRequest)
 */
export interface ChunkRequest {
  /** Position of the chunk in the output. */
  sequence: number;
  start: number;
  count: number;
  /** A buffer the main thread has written out, handed back for reuse so memory stays flat. */
  recycled?: ArrayBuffer;
}

/**
 * Worker to main thread: the rendered chunk as UTF-8 bytes (transferred, not copied).
 * @example parentPort.postMessage({ sequence, bytes } satisfies ChunkResult, [bytes.buffer])
 */
export interface ChunkResult {
  sequence: number;
  bytes: Uint8Array;
}

/**
 * Worker to main thread, once, before any chunk: its renderer is built (its
 * isolate, the code and the index loaded), so chunks sent now start at once.
 * Until then a consuming main thread renders the chunks itself.
 * @example parentPort.postMessage({ ready: true } satisfies ChunkWorkerReady)
 */
export interface ChunkWorkerReady {
  ready: true;
}
