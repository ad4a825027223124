import type { Kysely } from 'kysely';
import type { QuotaNoticeStore } from './quota-notice-store.js';
import type { StoreDatabase } from './store-schema.js';

/** The quota notices' tables (migration 0007_sla on SQLite, 0005_sla on PostgreSQL: store/migrations/0007-sla.ts). */
type QuotaNoticeTables = {
  quota_notices: { account_id: number; period: string; threshold: number; sent_at: number };
  quota_notice_settings: { account_id: number; enabled: number };
};

/**
 * Quota notices in Kysely queries that SQLite and PostgreSQL both run: a
 * claim is an insert on the (account, month, threshold) key, so of several
 * instances crossing a threshold at once exactly one gets `true`.
 * @example const notices = new KyselyQuotaNotices(db); await notices.claim(7, '2026-11', 100, Date.now());
 */
export class KyselyQuotaNotices implements QuotaNoticeStore {
  private readonly db: Kysely<QuotaNoticeTables>;

  constructor(db: Kysely<StoreDatabase>) {
    this.db = db.withTables<QuotaNoticeTables>() as unknown as Kysely<QuotaNoticeTables>;
  }

  async claim(accountId: number, period: string, threshold: number, now: number): Promise<boolean> {
    const row = await this.db
      .insertInto('quota_notices')
      .values({ account_id: accountId, period, threshold, sent_at: now })
      .onConflict((oc) => oc.columns(['account_id', 'period', 'threshold']).doNothing())
      .returning('threshold')
      .executeTakeFirst();
    return row !== undefined;
  }

  async sent(accountId: number, period: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('quota_notices')
      .select('threshold')
      .where('account_id', '=', accountId)
      .where('period', '=', period)
      .orderBy('threshold')
      .execute();
    return rows.map((row) => Number(row.threshold));
  }

  async enabled(accountId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('quota_notice_settings')
      .select('enabled')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row === undefined || Number(row.enabled) === 1;
  }

  async setEnabled(accountId: number, enabled: boolean): Promise<void> {
    const value = enabled ? 1 : 0;
    await this.db
      .insertInto('quota_notice_settings')
      .values({ account_id: accountId, enabled: value })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ enabled: value }))
      .execute();
  }
}
