import { readFileSync } from 'node:fs';
import { sha256Hex } from '../sha256-hex.js';

/** SHA-256 (hex) of a file as written, for datasets/SOURCES.md. */
export function sha256File(path: string): string {
  return sha256Hex(readFileSync(path));
}
