/** Main thread to worker: render records `start .. start+count-1`. */
export interface ChunkRequest {
  /** Position of the chunk in the output. */
  sequence: number;
  start: number;
  count: number;
  /** A buffer the main thread has written out, handed back for reuse so memory stays flat. */
  recycled?: ArrayBuffer;
}

/** Worker to main thread: the rendered chunk as UTF-8 bytes (transferred, not copied). */
export interface ChunkResult {
  sequence: number;
  bytes: Uint8Array;
}
