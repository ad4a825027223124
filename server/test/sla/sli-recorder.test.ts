import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SliRecorder } from '../../src/sla/sli-recorder.js';
import { OVERALL, type SliBatch, type SliStore } from '../../src/store/sli-store.js';
import { openSqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import type { Store } from '../../src/store/store.js';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 3, 12, 0, 10);

let dir: string;
let store: Store;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ussynth-sli-recorder-'));
  store = await openSqliteStore(join(dir, 'store.sqlite'), { ownUsage: true });
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The real store, whose answers can be lost (after the write committed) or refused (before it). */
function flaky(real: SliStore) {
  const faults: ('lost' | 'refused')[] = [];
  const seen: string[] = [];
  const sli: SliStore = Object.create(real) as SliStore;
  sli.addBatch = async (batch: SliBatch) => {
    seen.push(batch.id);
    const fault = faults.shift();
    if (fault === 'refused') throw new Error('connection refused');
    const added = await real.addBatch(batch);
    if (fault === 'lost') throw new Error('connection lost after commit');
    return added;
  };
  return { sli, faults, seen };
}

describe('SliRecorder', () => {
  it('counts per minute and per account; 4xx never, slow answers as bad', async () => {
    let now = T0;
    const results: boolean[] = [];
    const recorder = new SliRecorder(store.sli, { slowMs: 1000, counters: { sli: (good) => results.push(good) }, clock: () => now, flushMs: 3_600_000 });
    recorder.answered(7, 200, 5);
    recorder.answered(7, 200, 1001);
    recorder.answered(7, 429, 1);
    recorder.answered(7, 404, 1);
    recorder.answered(null, 503, 2);
    now += MINUTE;
    recorder.answered(8, 502, 2);
    recorder.answered(8, 304, 2);
    expect(results).toEqual([true, false, false, false, true]);
    expect(recorder.unfolded).toBe(5);
    await recorder.close();
    expect(recorder.unfolded).toBe(0);
    const minute = T0 - (T0 % MINUTE);
    expect(await store.sli.totals(OVERALL, minute, minute + MINUTE)).toEqual({ good: 1, bad: 2, badMinutes: 2 / 3 });
    expect(await store.sli.totals(7, minute, minute + 2 * MINUTE)).toEqual({ good: 1, bad: 1, badMinutes: 0.5 });
    expect(await store.sli.totals(8, minute, minute + 2 * MINUTE)).toEqual({ good: 1, bad: 1, badMinutes: 0.5 });
  });

  it('retries a batch whose answer was lost under the same id, so it is added once; a refused one is kept in order', async () => {
    const { sli, faults, seen } = flaky(store.sli);
    const recorder = new SliRecorder(sli, { slowMs: 1000, counters: { sli: () => {} }, clock: () => T0, flushMs: 3_600_000 });
    recorder.answered(7, 200, 1);
    faults.push('lost');
    await recorder.flush();
    expect(recorder.unfolded).toBe(1);
    recorder.answered(7, 500, 1);
    faults.push('refused');
    await recorder.flush();
    expect(recorder.unfolded).toBe(2);
    await recorder.close();
    expect(recorder.unfolded).toBe(0);
    // The first batch three times (lost, refused, then found already added), the second once.
    expect(seen).toHaveLength(4);
    expect(seen.slice(0, 3).every((id) => id === seen[0])).toBe(true);
    expect(seen[3]).not.toBe(seen[0]);
    const minute = T0 - (T0 % MINUTE);
    expect(await store.sli.totals(OVERALL, minute, minute + MINUTE)).toEqual({ good: 1, bad: 1, badMinutes: 0.5 });
  });
});
