import type { AccountRecord } from './account-store.js';
import type { PersonRecord } from './people-store.js';

/** A dashboard session, found by the SHA-256 of its cookie value. */
export interface SessionRecord {
  /** The person signed in. */
  person: PersonRecord;
  /** Their account. */
  account: AccountRecord;
  /** The token state-changing requests of this session must carry (CSRF). */
  csrfToken: string;
  /** Epoch ms the session began. */
  createdAt: number;
  /** Epoch ms of the last request seen (to the minute). */
  lastSeenAt: number;
  /** Epoch ms after which the session ends whatever its use. */
  expiresAt: number;
}

/**
 * Dashboard sessions, found by the SHA-256 digest of their cookie value (the value itself never reaches the store).
 * @example const session = await store.sessions.findSession(digest);
 */
export interface SessionStore {
  /**
   * Stores a session by the digest of its id; when the person then has more
   * than `maxSessions`, the oldest beyond it end, in the same transaction.
   */
  createSession(
    idDigest: Uint8Array,
    personId: number,
    csrfToken: string,
    now: number,
    expiresAt: number,
    maxSessions?: number,
  ): Promise<void>;
  /** The session with this digest, with its person and account; undefined when unknown. */
  findSession(idDigest: Uint8Array): Promise<SessionRecord | undefined>;
  /** Records activity on a session (idle expiry counts from here). */
  touchSession(idDigest: Uint8Array, now: number): Promise<void>;
  /** Ends one session. */
  deleteSession(idDigest: Uint8Array): Promise<void>;
  /** Ends every session of a person except, optionally, one; returns how many ended. */
  deleteSessionsOf(personId: number, except?: Uint8Array): Promise<number>;
}
