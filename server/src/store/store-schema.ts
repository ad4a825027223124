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
  /** Epoch ms the owner deleted it, or null (a deleted account keeps its usage rows, under a freed name). */
  deleted_at: Generated<number | null>;
  /** Epoch ms from which the plan no longer serves (a past-due grace's end), or null: it serves. */
  plan_ends_at: Generated<number | null>;
  /** Epoch ms since which the account has had no paid plan, or null: it has one (`tier` names its limits either way). */
  no_plan_since: Generated<number | null>;
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
  /** The owner's name for the key ('' for operator-made keys). */
  name: Generated<string>;
  /** Epoch ms of the last request, to the minute. */
  last_used_at: Generated<number | null>;
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

/** `people`: who signs in to the dashboard; the password as an argon2id PHC string (null for SSO members). */
export interface PersonTable {
  id: Generated<number>;
  account_id: number;
  email: string;
  password_hash: string | null;
  email_verified_at: number | null;
  role: string;
  created_at: number;
}

/** `sessions`: dashboard sessions by the SHA-256 of the cookie value (never the value). */
export interface SessionTable {
  id_digest: Buffer;
  person_id: number;
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

/** `email_tokens`: single-use links (verification, password reset) by the SHA-256 of their token. */
export interface EmailTokenTable {
  token_digest: Buffer;
  person_id: number;
  purpose: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** `plan_changes`: every change of an account's plan, with its time and what approved it. */
export interface PlanChangeTable {
  id: Generated<number>;
  account_id: number;
  tier: string;
  rate: number;
  monthly_quota: number;
  at: number;
  by_person_id: number | null;
  approved_by: string;
  /** The plan's end set by this change (past-due grace, no paid plan), or null. */
  ends_at: Generated<number | null>;
}

/** `usage_days`: records and refused requests per account and UTC day (`YYYY-MM-DD`). */
export interface UsageDayTable {
  account_id: number;
  day: string;
  records: number;
  rate_limited: number;
  quota_exceeded: number;
  /** Requests refused because the account has no paid plan (402). */
  subscription_required: Generated<number>;
}

/** `sso_connections`: an Enterprise account's OpenID Provider; the client secret only sealed (AES-256-GCM). */
export interface SsoConnectionTable {
  account_id: number;
  issuer: string;
  client_id: string;
  client_secret_sealed: Buffer;
  audience: string;
  jwks_uri: string;
  org_claim: string | null;
  org_value: string | null;
  updated_at: number;
}

/** `sso_domains`: e-mail domains whose people sign in through an account's provider. */
export interface SsoDomainTable {
  domain: string;
  account_id: number;
}

/** `billing_customers`: an account's Stripe customer and its current subscription as last retrieved. */
export interface BillingCustomerTable {
  account_id: number;
  customer_id: string;
  subscription_id: string | null;
  status: string | null;
  price_id: string | null;
  current_period_end: number | null;
  past_due_since: number | null;
  updated_at: number;
}

/** `billing_events`: Stripe webhook events already applied (by event id), so each is applied once. */
export interface BillingEventTable {
  event_id: string;
  type: string;
  account_id: number | null;
  outcome: string;
  received_at: number;
}

/** The store's tables, for Kysely: the same for the embedded SQLite store and PostgreSQL (their migrations give each its column types). */
export interface StoreDatabase {
  accounts: AccountTable;
  api_keys: ApiKeyTable;
  usage: UsageTable;
  usage_journal: UsageJournalTable;
  people: PersonTable;
  sessions: SessionTable;
  email_tokens: EmailTokenTable;
  plan_changes: PlanChangeTable;
  usage_days: UsageDayTable;
  sso_connections: SsoConnectionTable;
  sso_domains: SsoDomainTable;
  billing_customers: BillingCustomerTable;
  billing_events: BillingEventTable;
}
