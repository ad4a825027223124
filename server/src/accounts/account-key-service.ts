import type { KeyCache } from '../access/key-cache.js';
import { ProblemError } from '../problem/problem-error.js';
import type { KeyListing } from '../store/key-store.js';
import { mintKey } from '../store/api-key.js';
import type { Store } from '../store/store.js';
import { ACCOUNT_CAPS } from './account-caps.js';
import type { ActivityRecorder } from './activity-recorder.js';
import type { CurrentSession } from './current-session.js';

/** Longest key name. */
export const MAX_KEY_NAME_LENGTH = 64;
/** Longest grace a rolled key may keep working (30 days). */
export const MAX_ROLL_GRACE_SECONDS = 30 * 86_400;

/** What the account key service needs; injected so tests use real parts on temporary files. */
export interface AccountKeyServiceDeps {
  store: Store;
  /** Flushed before keys are listed, so their last use is up to the last second. */
  activity: Pick<ActivityRecorder, 'flush'>;
  clock: () => number;
  /** This instance's key cache: a revocation or roll drops the key's entry, so the next request sees it. */
  keys: Pick<KeyCache, 'forget'>;
}

/**
 * An account's API keys as its people manage them behind `/account/v1/keys`:
 * create (the address must be verified), list a page at a time, revoke and
 * roll; failures are ProblemErrors from the catalogue.
 * @example const { key } = await accountKeys.createKey(session, 'CI pipeline', null);
 */
export class AccountKeyService {
  constructor(private readonly deps: AccountKeyServiceDeps) {}

  /** Makes a key (shown once by the caller); the address must be verified. */
  async createKey(
    session: CurrentSession,
    name: unknown,
    expiresAt: unknown,
  ): Promise<{ key: string; listing: KeyListing }> {
    this.requireVerified(session);
    const keyName = requireKeyName(name);
    const now = this.deps.clock();
    const expiry = requireExpiry(expiresAt, now);
    const minted = mintKey('live');
    const created = await this.deps.store.keys.createAccountKey(
      session.account.id,
      { ...minted, name: keyName, expiresAt: expiry },
      now,
      ACCOUNT_CAPS.workingKeysPerAccount,
    );
    if (created === 'limit') {
      throw new ProblemError(
        'key_limit_reached',
        `this account already has ${ACCOUNT_CAPS.workingKeysPerAccount} working keys, the most an account can hold; revoke one you no longer use, then create the new one`,
      );
    }
    return {
      key: minted.key,
      listing: {
        id: minted.id,
        name: keyName,
        environment: 'live',
        accountId: session.account.id,
        createdAt: now,
        lastUsedAt: null,
        expiresAt: expiry,
        revokedAt: null,
      },
    };
  }

  /**
   * One page of the account's keys, newest first (with last use as of the
   * last second's flush), and the cursor of the next page (null on the last).
   */
  async listKeys(
    session: CurrentSession,
    limit: number = ACCOUNT_CAPS.keysPerPage,
    cursor?: string,
  ): Promise<{ keys: KeyListing[]; nextCursor: string | null }> {
    if (!Number.isInteger(limit) || limit < 1 || limit > ACCOUNT_CAPS.keysPerPage) {
      throw new ProblemError(
        'invalid_parameter',
        `limit must be a whole number from 1 to ${ACCOUNT_CAPS.keysPerPage} in plain digits`,
        { param: 'limit' },
      );
    }
    const after = cursor === undefined ? undefined : decodeKeyCursor(cursor);
    await this.deps.activity.flush();
    // One more than asked tells whether a next page exists.
    const keys = await this.deps.store.keys.listAccountKeys(session.account.id, { limit: limit + 1, after });
    if (keys.length <= limit) return { keys, nextCursor: null };
    const page = keys.slice(0, limit);
    return { keys: page, nextCursor: encodeKeyCursor(page[page.length - 1]) };
  }

  /** Revokes one of the account's keys: refused from the next request on this instance, on others within the key cache's TTL. */
  async revokeKey(session: CurrentSession, keyId: string): Promise<void> {
    if (!(await this.deps.store.keys.revokeAccountKey(session.account.id, keyId, this.deps.clock())))
      throw new ProblemError('key_not_found', `this account has no key ${JSON.stringify(keyId)}`, { param: 'id' });
    this.deps.keys.forget(keyId);
  }

  /** Replaces a key by a new one (same name and expiry); the old one works until the grace ends. */
  async rollKey(
    session: CurrentSession,
    keyId: string,
    graceSeconds: unknown,
  ): Promise<{ key: string; listing: KeyListing }> {
    this.requireVerified(session);
    if (
      typeof graceSeconds !== 'number' ||
      !Number.isInteger(graceSeconds) ||
      graceSeconds < 0 ||
      graceSeconds > MAX_ROLL_GRACE_SECONDS
    ) {
      throw new ProblemError(
        'invalid_field',
        `graceSeconds must be a whole number of seconds from 0 to ${MAX_ROLL_GRACE_SECONDS} (30 days); got ${JSON.stringify(graceSeconds)}`,
        { param: 'graceSeconds' },
      );
    }
    const now = this.deps.clock();
    const minted = mintKey('live');
    if (
      !(await this.deps.store.keys.rollAccountKey(session.account.id, keyId, minted, now + graceSeconds * 1000, now))
    ) {
      throw new ProblemError(
        'key_not_found',
        `this account has no working key ${JSON.stringify(keyId)} (revoked and expired keys cannot be rolled)`,
        { param: 'id' },
      );
    }
    // The old key's new end (a grace of 0: now) applies on this instance at once.
    this.deps.keys.forget(keyId);
    // The new key is the newest: first of the first page (unless another was made in the same millisecond).
    const listing = (
      await this.deps.store.keys.listAccountKeys(session.account.id, { limit: ACCOUNT_CAPS.keysPerPage })
    ).find((key) => key.id === minted.id);
    if (!listing) throw new ProblemError('service_unavailable', 'the new key could not be read back');
    return { key: minted.key, listing };
  }

  private requireVerified(session: CurrentSession): void {
    if (session.person.emailVerifiedAt === null)
      throw new ProblemError(
        'email_not_verified',
        'confirm your e-mail address first: follow the link we sent (or ask for a new one)',
      );
  }
}

/** The cursor of the page after `key`: its creation time and id, base64url (opaque to clients). */
function encodeKeyCursor(key: KeyListing): string {
  return Buffer.from(`${key.createdAt}.${key.id}`).toString('base64url');
}

function decodeKeyCursor(cursor: string): { createdAt: number; id: string } {
  const match = /^(\d{1,16})\.([A-Za-z0-9]{1,64})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match)
    throw new ProblemError(
      'invalid_parameter',
      'cursor must be the nextCursor of a previous page of GET /account/v1/keys, unchanged',
      { param: 'cursor' },
    );
  return { createdAt: Number(match[1]), id: match[2] };
}

function requireKeyName(name: unknown): string {
  if (typeof name !== 'string' || name.trim().length === 0)
    throw new ProblemError('invalid_field', 'name is required: a label such as "CI pipeline"', { param: 'name' });
  const trimmed = name.trim();
  if ([...trimmed].length > MAX_KEY_NAME_LENGTH)
    throw new ProblemError(
      'invalid_field',
      `name must be at most ${MAX_KEY_NAME_LENGTH} characters; got ${[...trimmed].length}`,
      { param: 'name' },
    );
  if (/[\u0000-\u001f\u007f]/.test(trimmed))
    throw new ProblemError('invalid_field', 'name must not contain control characters', { param: 'name' });
  return trimmed;
}

function requireExpiry(value: unknown, now: number): number | null {
  if (value === undefined || value === null || value === '') return null;
  const ms =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(value)
      ? Date.parse(value)
      : Number.NaN;
  if (Number.isNaN(ms))
    throw new ProblemError(
      'invalid_field',
      `expiresAt must be an ISO date or time such as 2027-01-31; got ${JSON.stringify(value)}`,
      { param: 'expiresAt' },
    );
  if (ms <= now)
    throw new ProblemError('invalid_field', `expiresAt must be in the future; got ${JSON.stringify(value)}`, {
      param: 'expiresAt',
    });
  return ms;
}
