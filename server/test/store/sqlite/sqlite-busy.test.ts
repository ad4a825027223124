import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isSqliteBusy } from '../../../src/store/sqlite/sqlite-busy.js';
import { Database } from '../../../src/store/sqlite/sqlite-driver.js';

const dir = mkdtempSync(join(tmpdir(), 'ussynth-sqlite-busy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('isSqliteBusy', () => {
  it("tells another connection's lock from any other error", () => {
    const path = join(dir, 'busy.sqlite');
    const holder = new Database(path);
    const waiter = new Database(path);
    waiter.pragma('busy_timeout = 0');
    holder.exec('BEGIN IMMEDIATE');
    let busy: unknown;
    try {
      waiter.exec('BEGIN IMMEDIATE');
    } catch (error) {
      busy = error;
    }
    holder.exec('ROLLBACK');
    expect(isSqliteBusy(busy)).toBe(true);
    let other: unknown;
    try {
      waiter.exec('SELECT * FROM no_such_table');
    } catch (error) {
      other = error;
    }
    expect(other).toBeInstanceOf(Error);
    expect(isSqliteBusy(other)).toBe(false);
    expect(isSqliteBusy(null)).toBe(false);
    expect(isSqliteBusy(new Error('SQLITE_BUSY in the message only'))).toBe(false);
    holder.close();
    waiter.close();
  });
});
