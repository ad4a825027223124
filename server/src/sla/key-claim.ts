/**
 * The key a /v1 request carried when it failed before its account could be read (the store down): the account when
 * this instance knew the key (its key cache, the presented key checked against the cached digest), else the key's
 * id and the SHA-256 of what was presented (hex), checked against the stored digest once the store answers. A claim
 * that does not match (a forged or mistyped key) is counted for no account.
 * @example const claim: KeyClaim = { accountId: 7 }; const unknown: KeyClaim = { keyId: 'Ab3dE6gH', digest: 'e3b0c4...' };
 */
export type KeyClaim = { accountId: number } | { keyId: string; digest: string };
