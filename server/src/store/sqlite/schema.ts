import type { Generated } from 'kysely';

/** `accounts`: one row per customer account; limits live here so every key of an account shares them. */
export interface AccountTable {
  id: Generated<number>;
  name: string;
  tier: string;
  rate: number;
  monthly_quota: number;
  /** Epoch milliseconds. */
  created_at: number;
}

/** `api_keys`: keys by their short id; only the SHA-256 digest of the key is kept. */
export interface ApiKeyTable {
  id: string;
  account_id: number;
  digest: Buffer;
  environment: string;
  created_at: number;
  revoked_at: number | null;
  expires_at: number | null;
}

/** `usage`: records used per account and calendar month (`YYYY-MM`, UTC). */
export interface UsageTable {
  account_id: number;
  period: string;
  records: number;
}

/** `usage_journal`: one row, the last usage journal line folded into `usage`. */
export interface UsageJournalTable {
  id: number;
  folded_seq: number;
}

/** The key store's tables, for Kysely. */
export interface StoreDatabase {
  accounts: AccountTable;
  api_keys: ApiKeyTable;
  usage: UsageTable;
  usage_journal: UsageJournalTable;
}
