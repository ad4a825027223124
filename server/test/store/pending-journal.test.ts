import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PendingJournal } from '../../src/store/pending-journal.js';
import { StoreRefusedError } from '../../src/store/store.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ussynth-pending-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('PendingJournal', () => {
  it('writes its sections whole, private to the server, and gives them to the next run', () => {
    const path = join(dir, 'pending.json');
    const journal = PendingJournal.open(path);
    expect(journal.get('refunds')).toEqual([]);
    journal.set('refunds', [{ id: 'refund-1', accountId: 7, period: '2026-12', records: 800 }]);
    journal.writeIfChanged();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
      format: 1,
      sections: { refunds: [{ id: 'refund-1', accountId: 7, period: '2026-12', records: 800 }] },
    });
    journal.close();
    const next = PendingJournal.open(path);
    expect(next.get('refunds')).toEqual([{ id: 'refund-1', accountId: 7, period: '2026-12', records: 800 }]);
    next.close();
  });

  it('keeps the sections in memory without a file', () => {
    const journal = PendingJournal.open(null);
    journal.set('sli-batches', [{ id: 'a', minutes: [] }]);
    expect(journal.get('sli-batches')).toEqual([{ id: 'a', minutes: [] }]);
    journal.close();
  });

  it('refuses a file that is not a journal, and a folder that does not exist, naming the variable', () => {
    const path = join(dir, 'pending.json');
    writeFileSync(path, 'not json');
    expect(() => PendingJournal.open(path)).toThrow(StoreRefusedError);
    expect(() => PendingJournal.open(path)).toThrow(
      /USSYNTH_PENDING_FILE .* is not a journal of pending writes \(not JSON\)/,
    );
    writeFileSync(path, JSON.stringify({ format: 2, sections: {} }));
    expect(() => PendingJournal.open(path)).toThrow(/is not a journal of pending writes of format 1/);
    expect(() => PendingJournal.open(join(dir, 'missing', 'pending.json'))).toThrow(
      /USSYNTH_PENDING_FILE .* cannot be used \(ENOENT\); its folder must exist/,
    );
    // A refused file leaves no lock behind: once fixed, it opens.
    rmSync(path);
    PendingJournal.open(path).close();
  });
});
