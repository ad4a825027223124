/**
 * CRC-32 (IEEE 802.3, the zlib/PNG polynomial) lookup tables for
 * slicing-by-4: four bytes per step, so checking the 3 MB index on load
 * stays a few milliseconds in any JavaScript engine.
 */
const TABLES = (() => {
  const tables = new Uint32Array(4 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    tables[n] = c >>> 0;
  }
  for (let n = 0; n < 256; n++) {
    for (let t = 1; t < 4; t++)
      tables[t * 256 + n] = (tables[(t - 1) * 256 + n] >>> 8) ^ tables[tables[(t - 1) * 256 + n] & 0xff];
  }
  return tables;
})();

/**
 * CRC-32 of a byte range, as zlib's `crc32` computes it.
 * @example crc32(new TextEncoder().encode('123456789')) // 0xcbf43926
 */
export function crc32(bytes: Uint8Array): number {
  const t = TABLES;
  let crc = 0xffffffff;
  let i = 0;
  const end4 = bytes.length - (bytes.length % 4);
  for (; i < end4; i += 4) {
    crc ^= bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24);
    crc = t[768 + (crc & 0xff)] ^ t[512 + ((crc >>> 8) & 0xff)] ^ t[256 + ((crc >>> 16) & 0xff)] ^ t[crc >>> 24];
  }
  for (; i < bytes.length; i++) crc = t[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
