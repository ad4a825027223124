import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { clientSecretContext, openSecret, sealSecret } from '../../src/sso/secret-box.js';
import { loadSecretKey, SECRET_KEY_FILE, secretKeyProblem } from '../../src/sso/secret-key.js';

const dir = mkdtempSync(join(tmpdir(), 'ussynth-secret-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the secret key', () => {
  it('takes USSYNTH_SECRET_KEY as 64 hex digits or base64 of 32 bytes, and refuses anything else', () => {
    const bytes = randomBytes(32);
    expect(loadSecretKey(bytes.toString('hex'), join(dir, 'a', 'store.sqlite'))).toEqual(bytes);
    expect(loadSecretKey(bytes.toString('base64'), join(dir, 'a', 'store.sqlite'))).toEqual(bytes);
    expect(loadSecretKey(bytes.toString('base64url'), join(dir, 'a', 'store.sqlite'))).toEqual(bytes);
    for (const bad of ['short', randomBytes(16).toString('hex'), randomBytes(31).toString('base64'), 'g'.repeat(64)]) {
      expect(secretKeyProblem(bad)).toMatch(/32 random bytes/);
      expect(() => loadSecretKey(bad, join(dir, 'a', 'store.sqlite'))).toThrow(
        /USSYNTH_SECRET_KEY must be 32 random bytes/,
      );
    }
  });

  it('is checked with the rest of the configuration at start', () => {
    expect(() => loadConfig({ USSYNTH_SECRET_KEY: 'short' })).toThrow(/USSYNTH_SECRET_KEY must be 32 random bytes/);
    const key = randomBytes(32).toString('base64');
    expect(loadConfig({ USSYNTH_SECRET_KEY: key }).secretKey).toBe(key);
    expect(loadConfig({}).secretKey).toBeNull();
  });

  it('without the variable, makes a 0600 key file beside the store once and reads the same key after', () => {
    const store = join(dir, 'b', 'store.sqlite');
    const first = loadSecretKey(undefined, store);
    expect(statSync(join(dir, 'b', SECRET_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(loadSecretKey('', store)).toEqual(first);
    writeFileSync(join(dir, 'b', SECRET_KEY_FILE), 'not a key\n');
    expect(() => loadSecretKey(undefined, store)).toThrow(/does not hold a secret key/);
  });
});

describe('sealed secrets', () => {
  const key = randomBytes(32);
  it('open with the same key and context only, and never carry the secret in clear', () => {
    const sealed = sealSecret(key, clientSecretContext(7), 'client-secret-value');
    expect(Buffer.from(sealed).toString('latin1')).not.toContain('client-secret-value');
    expect(openSecret(key, clientSecretContext(7), sealed)).toBe('client-secret-value');
    expect(() => openSecret(randomBytes(32), clientSecretContext(7), sealed)).toThrow(/does not open with this key/);
    expect(() => openSecret(key, clientSecretContext(8), sealed)).toThrow(/does not open/);
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] ^= 1;
    expect(() => openSecret(key, clientSecretContext(7), tampered)).toThrow(/does not open/);
    expect(() => openSecret(key, clientSecretContext(7), Buffer.from('v1'))).toThrow(/not a sealed secret/);
    // A fresh nonce each time: the same secret never seals to the same bytes.
    expect(Buffer.from(sealSecret(key, clientSecretContext(7), 'x'))).not.toEqual(
      Buffer.from(sealSecret(key, clientSecretContext(7), 'x')),
    );
  });
});
