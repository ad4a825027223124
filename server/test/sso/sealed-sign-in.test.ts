import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openPendingSignIn, sealPendingSignIn, type PendingSignIn } from '../../src/sso/sealed-sign-in.js';
import { clientSecretContext, sealSecret } from '../../src/sso/secret-box.js';

const key = randomBytes(32);
const pending: PendingSignIn = {
  accountId: 7,
  version: 1_700_000_000_000,
  state: 's'.repeat(43),
  nonce: 'n'.repeat(43),
  codeVerifier: 'v'.repeat(43),
  until: 1_700_000_600_000,
};

describe('sealed SSO sign-ins', () => {
  it('open with the key that sealed them, and show nothing of themselves', () => {
    const sealed = sealPendingSignIn(key, pending);
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toContain('vvvvvvvv');
    expect(openPendingSignIn(key, sealed)).toEqual(pending);
    // A fresh nonce each time: two seals of the same sign-in differ.
    expect(sealPendingSignIn(key, pending)).not.toBe(sealed);
  });

  it('do not open with another key, changed, cut short, or as something else sealed under the key', () => {
    const sealed = sealPendingSignIn(key, pending);
    expect(openPendingSignIn(randomBytes(32), sealed)).toBeNull();
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[bytes.length - 1] ^= 1;
    expect(openPendingSignIn(key, bytes.toString('base64url'))).toBeNull();
    expect(openPendingSignIn(key, sealed.slice(0, 20))).toBeNull();
    expect(openPendingSignIn(key, '')).toBeNull();
    expect(openPendingSignIn(key, 'not base64url at all!')).toBeNull();
    // A client secret sealed for account 7 is bound to its own context.
    expect(
      openPendingSignIn(
        key,
        Buffer.from(sealSecret(key, clientSecretContext(7), JSON.stringify(pending))).toString('base64url'),
      ),
    ).toBeNull();
  });
});
