import { createHash } from 'node:crypto';

/**
 * SHA-256 of bytes as 64 lower-case hex digits, the form the manifests,
 * datasets/SOURCES.md and the vendor steps' recorded copies use.
 * @example sha256Hex(Buffer.from('abc')) // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
 */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
