import type { Kysely } from 'kysely';
import { KyselyAccounts } from './kysely-accounts.js';
import { KyselyBilling } from './kysely-billing.js';
import { KyselyKeys } from './kysely-keys.js';
import { KyselyPeople } from './kysely-people.js';
import { KyselySessions } from './kysely-sessions.js';
import { KyselySso } from './kysely-sso.js';
import { KyselySli } from './kysely-sli.js';
import { KyselyQuotaNotices } from './kysely-quota-notices.js';
import type { StoreDatabase } from './store-schema.js';

/**
 * What the SQLite and the PostgreSQL stores share: people, sessions, keys,
 * accounts, SSO settings and billing, all through Kysely on the same schema.
 * Each store adds its request paths (findKey, debits) and says how it counts
 * a period's usage exactly (`usageTotals`).
 * @example class MemoryStore extends KyselyStore implements Store { ... }
 */
export abstract class KyselyStore {
  readonly people: KyselyPeople;
  readonly sessions: KyselySessions;
  readonly keys: KyselyKeys;
  readonly accounts: KyselyAccounts;
  readonly sso: KyselySso;
  readonly billing: KyselyBilling;
  readonly sli: KyselySli;
  readonly quotaNotices: KyselyQuotaNotices;

  constructor(protected readonly db: Kysely<StoreDatabase>) {
    const totals = (period: string) => this.usageTotals(period);
    this.people = new KyselyPeople(db);
    this.sessions = new KyselySessions(db);
    this.sli = new KyselySli(db);
    this.quotaNotices = new KyselyQuotaNotices(db);
    this.keys = new KyselyKeys(db, totals);
    this.accounts = new KyselyAccounts(db, totals);
    this.sso = new KyselySso(db, this.people);
    this.billing = new KyselyBilling(db);
  }

  /** Every account's exact usage in `period` (records by account id). */
  protected abstract usageTotals(period: string): Promise<Map<number, number>>;
}
