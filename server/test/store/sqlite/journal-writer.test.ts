import { mkdtempSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JournalWriter, type UsageTotal } from '../../../src/store/sqlite/journal-writer.js';
import { LedgerHealth } from '../../../src/store/sqlite/ledger-health.js';
import { fillJournalDisk } from '../../full-journal.js';

const dir = mkdtempSync(join(tmpdir(), 'ussynth-journal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A writer on a fresh journal, and what its health logged. */
function writer(name: string) {
  const logged: string[] = [];
  const health = new LedgerHealth((_level, message) => void logged.push(message));
  const path = join(dir, name);
  return { journal: new JournalWriter(path, health), health, path, logged };
}

/** Waits for a grant's whenDurable; the error it was called back with, or null. */
function durable(whenDurable: ReturnType<JournalWriter['append']>): Promise<Error | null> {
  return new Promise((resolve) => whenDurable(resolve));
}

describe('usage journal writer', () => {
  it('writes one turn of lines with one write at the end of the turn, then calls back every grant', async () => {
    const { journal, path } = writer('turn.journal');
    const total: UsageTotal = { accountId: 7, period: '2026-11', used: 5, dirty: true };
    const first = journal.append(total, 5, false, 1);
    const second = journal.append(total, -2, true, 2);
    expect(readFileSync(path, 'utf8')).toBe('');
    expect(await Promise.all([durable(first), durable(second)])).toEqual([null, null]);
    expect(readFileSync(path, 'utf8')).toBe('1 7 2026-11 5\n2 7 2026-11 -2\n');
    // Nothing pending: a grant asking now is already durable.
    expect(await durable(first)).toBeNull();
    journal.empty();
    expect(readFileSync(path, 'utf8')).toBe('');
    journal.close();
  });

  it('undoes a failed turn last to first, giving each total back its dirty flag, and calls back with the error', async () => {
    const { journal, path, health } = writer('full.journal');
    const clean: UsageTotal = { accountId: 1, period: '2026-11', used: 0, dirty: false };
    clean.used += 3;
    clean.dirty = true;
    const whenDurable = journal.append(clean, 3, false, 1);
    clean.used += 4;
    journal.append(clean, 4, true, 2);
    const restore = fillJournalDisk(path);
    try {
      const error = await durable(whenDurable);
      expect(error).toBeInstanceOf(Error);
    } finally {
      restore();
    }
    expect(clean).toEqual({ accountId: 1, period: '2026-11', used: 0, dirty: false });
    expect(health.report()).toMatchObject({ ready: false, counters: { usage_journal_write_failures_total: 1 } });
    journal.close();
  });

  it('sees its file deleted under it and recreates it empty, saying so', () => {
    const { journal, path, logged } = writer('moved.journal');
    expect(journal.moved()).toBe(false);
    unlinkSync(path);
    expect(journal.moved()).toBe(true);
    journal.recreate();
    expect(journal.moved()).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe('');
    expect(logged.join('\n')).toContain(`usage journal ${path} was deleted or replaced`);
    journal.close();
  });
});
