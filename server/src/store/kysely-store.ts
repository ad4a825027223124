import type { Kysely } from 'kysely';
import { KyselyAccounts } from './kysely-accounts.js';
import { KyselyBilling } from './kysely-billing.js';
import { KyselyKeys } from './kysely-keys.js';
import { KyselySso } from './kysely-sso.js';
import { KyselySli } from './kysely-sli.js';
import { KyselyQuotaNotices } from './kysely-quota-notices.js';
import type { AccountSpec, KeyListing, NewKey } from './store.js';
import type { StoreDatabase } from './store-schema.js';

/**
 * What the SQLite and the PostgreSQL stores share: accounts, SSO settings and
 * the operator's key commands, all through Kysely on the same schema. Each
 * store adds its request paths (findKey, debits) and says how it counts a
 * period's usage exactly (`usageTotals`).
 * @example class MemoryStore extends KyselyStore implements Store { ... }
 */
export abstract class KyselyStore {
  readonly accounts: KyselyAccounts;
  readonly sso: KyselySso;
  readonly billing: KyselyBilling;
  readonly sli: KyselySli;
  readonly quotaNotices: KyselyQuotaNotices;
  private readonly keys: KyselyKeys;

  constructor(protected readonly db: Kysely<StoreDatabase>) {
    const totals = (period: string) => this.usageTotals(period);
    this.accounts = new KyselyAccounts(db, totals);
    this.sso = new KyselySso(db, this.accounts);
    this.billing = new KyselyBilling(db);
    this.sli = new KyselySli(db);
    this.quotaNotices = new KyselyQuotaNotices(db);
    this.keys = new KyselyKeys(db, totals);
  }

  /** Every account's exact usage in `period` (records by account id). */
  protected abstract usageTotals(period: string): Promise<Map<number, number>>;

  createKey(account: AccountSpec, key: NewKey, now: number): Promise<void> {
    return this.keys.createKey(account, key, now);
  }

  listKeys(period: string): Promise<KeyListing[]> {
    return this.keys.listKeys(period);
  }

  revokeKey(id: string, now: number): Promise<boolean> {
    return this.keys.revokeKey(id, now);
  }

  rotateKey(id: string, next: NewKey, expiresAt: number, now: number): Promise<boolean> {
    return this.keys.rotateKey(id, next, expiresAt, now);
  }
}
