import type { SessionRecord } from '../store/session-store.js';

/** A signed-in session as a route uses it: the record and the cookie value's digest. */
export interface CurrentSession extends SessionRecord {
  /** SHA-256 of the cookie value (the store's key for the session). */
  idDigest: Uint8Array;
}
