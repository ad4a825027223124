import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DATASET_VERSION_SIZE,
  DIRECTORY_ENTRY_SIZE,
  ELEMENT_TYPES,
  HEADER_SIZE,
  INDEX_FORMAT_VERSION,
  INDEX_MAGIC,
  PLAIN_SECTIONS,
  SECTION_ALIGNMENT,
  STATE_KINDS,
  WEIGHTED_TABLES,
  ZIP_TYPES,
} from '../../src/data-index/format.js';
import { BIRTH_SECTIONS } from '../../src/data-index/birth-format.js';
import { GEO_SECTIONS } from '../../src/data-index/geo-format.js';

const doc = readFileSync(new URL('../../docs/index-format.md', import.meta.url), 'utf8');
const rows = (pattern: RegExp) => [...doc.matchAll(pattern)];

describe('docs/index-format.md agrees with src/data-index/format.ts', () => {
  it('documents the constants', () => {
    const constant = (name: string) => new RegExp(`^\\| ${name} \\| \`?([^|\`]+)\`? \\|$`, 'm').exec(doc)?.[1];
    expect(constant('magic')).toBe(INDEX_MAGIC);
    expect(Number(constant('format version'))).toBe(INDEX_FORMAT_VERSION);
    expect(Number(constant('header size'))).toBe(HEADER_SIZE);
    expect(Number(constant('directory entry size'))).toBe(DIRECTORY_ENTRY_SIZE);
    expect(Number(constant('section alignment'))).toBe(SECTION_ALIGNMENT);
    expect(Number(constant('dataset version size'))).toBe(DATASET_VERSION_SIZE);
  });

  it('documents the element type codes', () => {
    expect(doc).toContain(
      `element type: ${Object.entries(ELEMENT_TYPES)
        .map(([name, code]) => `${code} = ${name}`)
        .join(', ')}`,
    );
  });

  it('documents every plain section with its type and meaning, and nothing else', () => {
    const documented = rows(/^\| `([A-Z]{4})` \| (u8|u16|u32) \| (.+) \|$/gm).map((m) => [m[1], m[2], m[3]]);
    expect(documented).toEqual(Object.entries(PLAIN_SECTIONS).map(([tag, s]) => [tag, s.type, s.what]));
  });

  it('documents every weighted table', () => {
    const documented = rows(/^\| `([A-Z]{2})` \| (.+) \| (yes|no) \| (.+) \|$/gm).map((m) => [
      m[1],
      m[2],
      m[3] === 'yes',
      m[4],
    ]);
    expect(documented).toEqual(Object.entries(WEIGHTED_TABLES).map(([id, t]) => [id, t.items, t.segmented, t.what]));
  });

  it('documents the enumerations in index order', () => {
    expect(doc).toContain(`| STATE_KINDS | ${STATE_KINDS.join(', ')} |`);
    expect(doc).toContain(`| ZIP_TYPES | ${ZIP_TYPES.join(', ')} |`);
  });

  it('shows the real header in the worked example', () => {
    const bytes = readFileSync(new URL('../../dist-data/ussynth.idx', import.meta.url));
    const hex = (at: number) =>
      Array.from({ length: 8 }, (_, k) => bytes.subarray(at + 2 * k, at + 2 * k + 2).toString('hex')).join(' ');
    for (let line = 0; line < 6; line++)
      expect(doc).toContain(`${(line * 16).toString(16).padStart(8, '0')}: ${hex(line * 16)}`);
  });

  it('documents every section of the geo index with its type and meaning', () => {
    const documented = rows(/^\| geo \| `([A-Z]{4})` \| (u8|u16|u32) \| (.+) \|$/gm).map((m) => [m[1], m[2], m[3]]);
    expect(documented).toEqual(Object.entries(GEO_SECTIONS).map(([tag, s]) => [tag, s.type, s.what]));
  });

  it('documents every section of the birth index with its type and meaning', () => {
    const documented = rows(/^\| births \| `([A-Z]{4})` \| (u8|u16|u32) \| (.+) \|$/gm).map((m) => [m[1], m[2], m[3]]);
    expect(documented).toEqual(Object.entries(BIRTH_SECTIONS).map(([tag, s]) => [tag, s.type, s.what]));
  });
});
