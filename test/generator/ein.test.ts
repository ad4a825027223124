import { describe, expect, it } from 'vitest';
import { createGenerator, defaultIndex } from '../../src/index.js';

describe('EINs', () => {
  it('do not repeat within a stream (before: 2 repeats in 50,000 for seed 42)', () => {
    for (const seed of [42, 1337, 'eins']) {
      const gen = createGenerator({ seed });
      const eins = Array.from({ length: 100_000 }, (_, i) => gen.einAt(i).ein);
      expect(new Set(eins).size, String(seed)).toBe(eins.length);
    }
  });

  it('do not repeat far into a stream either, within a run of 830,000,000', () => {
    const gen = createGenerator({ seed: 7 });
    const start = 829_990_000;
    const eins = Array.from({ length: 10_000 }, (_, i) => gen.einAt(start + i).ein);
    expect(new Set(eins).size).toBe(eins.length);
  });

  it('use every campus prefix about equally', () => {
    const gen = createGenerator({ seed: 'prefixes' });
    const counts = new Map<string, number>();
    for (let i = 0; i < 83_000; i++) {
      const prefix = gen.einAt(i).ein.slice(0, 2);
      counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
    }
    expect(counts.size).toBe(defaultIndex().einPrefixes.length);
    for (const count of counts.values()) expect(count).toBeGreaterThan(800);
  });
});
