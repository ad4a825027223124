import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_KEY_CLAIMS, SliRecorder } from '../../src/sla/sli-recorder.js';
import { keyDigest } from '../../src/store/api-key.js';
import { issueKey } from '../../src/store/issue-key.js';
import { PendingJournal } from '../../src/store/pending-journal.js';
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
    const recorder = new SliRecorder(store.sli, {
      slowMs: 1000,
      counters: { sli: (good) => results.push(good) },
      clock: () => now,
      flushMs: 3_600_000,
    });
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
    const recorder = new SliRecorder(sli, {
      slowMs: 1000,
      counters: { sli: () => {} },
      clock: () => T0,
      flushMs: 3_600_000,
    });
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

  it("counts a failure before authentication for the key's account once the store reads the key, and a forged key for none", async () => {
    const { id, key } = await issueKey(
      store,
      { name: 'claims', tier: 'pro', rate: 50, monthlyQuota: 1000 },
      'live',
      T0,
    );
    const accountId = (await store.findKey(id))!.accountId;
    let down = true;
    const findKey = (keyId: string) => (down ? Promise.reject(new Error('store down')) : store.findKey(keyId));
    const recorder = new SliRecorder(store.sli, {
      slowMs: 1000,
      counters: { sli: () => {} },
      clock: () => T0,
      flushMs: 3_600_000,
      findKey,
    });
    const digest = keyDigest(key).toString('hex');
    for (let i = 0; i < 3; i++) recorder.answered(null, 503, 1, undefined, { keyId: id, digest });
    recorder.answered(null, 503, 1, undefined, {
      keyId: id,
      // Another last character: a key that already ended in "x" (1 in 62) would not be forged at all.
      digest: keyDigest(`${key.slice(0, -1)}${key.endsWith('x') ? 'y' : 'x'}`).toString('hex'),
    });
    recorder.answered(null, 503, 1, undefined, { keyId: 'Nobody00', digest });
    // Known from the key cache: counted for the account at once.
    recorder.answered(null, 503, 1, undefined, { accountId });
    expect(recorder.unattributed).toBe(5);
    await recorder.flush();
    // The store cannot read the key yet: the claims wait.
    expect(recorder.unattributed).toBe(5);
    down = false;
    await recorder.close();
    expect(recorder.unattributed).toBe(0);
    const minute = T0 - (T0 % MINUTE);
    expect(await store.sli.totals(accountId, minute, minute + MINUTE)).toEqual({ good: 0, bad: 4, badMinutes: 1 });
    expect(await store.sli.totals(OVERALL, minute, minute + MINUTE)).toEqual({ good: 0, bad: 6, badMinutes: 1 });
  });

  it('keeps at most MAX_KEY_CLAIMS claims while the store is down; past them a failure counts overall only', async () => {
    const recorder = new SliRecorder(store.sli, {
      slowMs: 1000,
      counters: { sli: () => {} },
      clock: () => T0,
      flushMs: 3_600_000,
      findKey: () => Promise.reject(new Error('down')),
    });
    for (let i = 0; i <= MAX_KEY_CLAIMS; i++)
      recorder.answered(null, 503, 1, undefined, { keyId: 'Ab3dE6gH', digest: i.toString(16) });
    recorder.answered(null, 503, 1, undefined, { keyId: 'Ab3dE6gH', digest: '0' });
    expect(recorder.unattributed).toBe(MAX_KEY_CLAIMS + 1);
    await recorder.close();
  });

  it('leaves what the store refused in the pending journal, and the next run folds it once', async () => {
    const path = join(dir, 'pending.json');
    const { sli, faults, seen } = flaky(store.sli);
    let journal = PendingJournal.open(path);
    const first = new SliRecorder(sli, {
      slowMs: 1000,
      counters: { sli: () => {} },
      clock: () => T0,
      flushMs: 3_600_000,
      findKey: () => Promise.reject(new Error('down')),
      journal,
    });
    first.answered(7, 500, 1);
    first.answered(null, 503, 1, undefined, { keyId: 'Ab3dE6gH', digest: 'ab' });
    faults.push('lost', 'refused');
    await first.flush();
    await first.close();
    // A second instance cannot take the same file while this one runs.
    expect(() => PendingJournal.open(path)).toThrow(/is used by another running instance/);
    journal.close();
    journal = PendingJournal.open(path);
    expect(journal.get('sli-batches')).toHaveLength(1);
    expect(journal.get('sli-claims')).toEqual([
      { keyId: 'Ab3dE6gH', digest: 'ab', minute: T0 - (T0 % MINUTE), bad: 1 },
    ]);
    const second = new SliRecorder(sli, {
      slowMs: 1000,
      counters: { sli: () => {} },
      clock: () => T0,
      flushMs: 3_600_000,
      findKey: (id) => store.findKey(id),
      journal,
    });
    await second.close();
    journal.close();
    // The batch whose first answer was lost is found already added: counted once.
    expect(seen.every((batchId) => batchId === seen[0])).toBe(true);
    const minute = T0 - (T0 % MINUTE);
    expect(await store.sli.totals(7, minute, minute + MINUTE)).toEqual({ good: 0, bad: 1, badMinutes: 1 });
    expect(await store.sli.totals(OVERALL, minute, minute + MINUTE)).toEqual({ good: 0, bad: 2, badMinutes: 1 });
    const after = PendingJournal.open(path);
    expect(after.get('sli-batches')).toEqual([]);
    after.close();
  });
});
