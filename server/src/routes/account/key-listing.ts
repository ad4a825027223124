import type { KeyListing } from '../../store/key-store.js';
import { isoTime } from '../../text/iso-time.js';

/** A key listing as JSON: ISO times and a status the page can show as it is. */
export interface KeyListingJson {
  id: string;
  name: string;
  environment: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  status: 'active' | 'expiring' | 'expired' | 'revoked';
}

/**
 * The JSON form of a key listing at time `now`.
 * @example keyListingJson(listing, Date.now()).status // 'active'
 */
export function keyListingJson(key: KeyListing, now: number): KeyListingJson {
  const status =
    key.revokedAt !== null
      ? 'revoked'
      : key.expiresAt !== null && key.expiresAt <= now
        ? 'expired'
        : key.expiresAt !== null
          ? 'expiring'
          : 'active';
  return {
    id: key.id,
    name: key.name,
    environment: key.environment,
    createdAt: new Date(key.createdAt).toISOString(),
    lastUsedAt: isoTime(key.lastUsedAt),
    expiresAt: isoTime(key.expiresAt),
    revokedAt: isoTime(key.revokedAt),
    status,
  };
}
