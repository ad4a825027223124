import { UssynthError } from '../errors.js';
import { crc32 } from './crc32.js';
import {
  DATASET_VERSION_SIZE,
  DIRECTORY_ENTRY_SIZE,
  ELEMENT_SIZES,
  ELEMENT_TYPES,
  HEADER_SIZE,
  INDEX_FORMAT_VERSION,
  INDEX_MAGIC,
  SECTION_ALIGNMENT,
  type ElementType,
} from './format.js';

/** A section's elements, viewed in place. */
export type SectionArray = Uint8Array | Uint16Array | Uint32Array;

/** The parsed container: header fields and a view per section tag. */
export interface RawIndex {
  /** Layout version of the file ({@link INDEX_FORMAT_VERSION}). */
  formatVersion: number;
  /** Version of the data the pipeline compiled into the file. */
  datasetVersion: string;
  /** CRC-32 of every byte after the header. */
  checksum: number;
  /** Section views by four-letter tag. */
  sections: Map<string, SectionArray>;
}

const TYPE_BY_CODE = new Map<number, ElementType>(
  (Object.entries(ELEMENT_TYPES) as [ElementType, number][]).map(([name, code]) => [code, name]),
);

function fail(message: string): never {
  throw new UssynthError('invalid_index_file', `Invalid ussynth index: ${message}`);
}

function ascii(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) {
    if (b === 0) break;
    text += String.fromCharCode(b);
  }
  return text;
}

/**
 * Parses an index file into typed-array views without copying or text parsing.
 * Rejects a wrong magic, an unknown format version, truncation and a bad checksum.
 * @example const raw = readIndex(await (await fetch('/ussynth.idx')).arrayBuffer())
 */
export function readIndex(input: ArrayBuffer | Uint8Array): RawIndex {
  let bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  // Typed-array views need aligned offsets; a pooled Buffer may not be aligned.
  if (bytes.byteOffset % SECTION_ALIGNMENT !== 0) bytes = bytes.slice();
  if (bytes.length < HEADER_SIZE)
    fail(`truncated: ${bytes.length} bytes is shorter than the ${HEADER_SIZE}-byte header`);
  const magic = ascii(bytes.subarray(0, 8));
  if (magic !== INDEX_MAGIC) fail(`wrong magic ${JSON.stringify(magic)}, expected ${JSON.stringify(INDEX_MAGIC)}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const formatVersion = view.getUint32(8, true);
  if (formatVersion !== INDEX_FORMAT_VERSION) {
    fail(`unknown format version ${formatVersion}; this library reads version ${INDEX_FORMAT_VERSION}`);
  }
  const headerSize = view.getUint32(12, true);
  const totalLength = view.getUint32(16, true);
  const checksum = view.getUint32(20, true);
  const sectionCount = view.getUint32(24, true);
  if (headerSize !== HEADER_SIZE) fail(`header size ${headerSize}, expected ${HEADER_SIZE}`);
  if (bytes.length < totalLength) fail(`truncated: ${bytes.length} bytes, the header declares ${totalLength}`);
  if (bytes.length > totalLength) fail(`${bytes.length - totalLength} unexpected bytes after the declared end`);
  const actual = crc32(bytes.subarray(HEADER_SIZE, totalLength));
  if (actual !== checksum) fail(`checksum mismatch: header says ${hex(checksum)}, content is ${hex(actual)}`);
  const datasetVersion = ascii(bytes.subarray(32, 32 + DATASET_VERSION_SIZE));

  const sections = new Map<string, SectionArray>();
  const directoryEnd = HEADER_SIZE + sectionCount * DIRECTORY_ENTRY_SIZE;
  if (directoryEnd > totalLength) fail(`section directory of ${sectionCount} entries overruns the file`);
  for (let i = 0; i < sectionCount; i++) {
    const at = HEADER_SIZE + i * DIRECTORY_ENTRY_SIZE;
    const tag = ascii(bytes.subarray(at, at + 4));
    const type = TYPE_BY_CODE.get(view.getUint8(at + 4));
    const offset = view.getUint32(at + 8, true);
    const length = view.getUint32(at + 12, true);
    if (!type) fail(`section ${tag} has unknown element type ${view.getUint8(at + 4)}`);
    const size = ELEMENT_SIZES[type];
    if (offset % SECTION_ALIGNMENT !== 0) fail(`section ${tag} is not ${SECTION_ALIGNMENT}-byte aligned`);
    if (offset < directoryEnd || offset + length * size > totalLength) fail(`section ${tag} lies outside the file`);
    if (sections.has(tag)) fail(`section ${tag} appears twice`);
    const start = bytes.byteOffset + offset;
    const array =
      type === 'u8'
        ? new Uint8Array(bytes.buffer, start, length)
        : type === 'u16'
          ? new Uint16Array(bytes.buffer, start, length)
          : new Uint32Array(bytes.buffer, start, length);
    sections.set(tag, array);
  }
  return { formatVersion, datasetVersion, checksum, sections };
}

function hex(n: number): string {
  return '0x' + n.toString(16).padStart(8, '0');
}
