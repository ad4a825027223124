import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountKeyService } from '../../src/accounts/account-key-service.js';
import type { PeopleService } from '../../src/accounts/people-service.js';
import { keyShape } from '../../src/store/api-key.js';
import type { Store } from '../../src/store/store.js';
import { type AccountsFixture, openAccountsFixture, PASSWORD, problemOf } from './account-services-fixture.js';

let now: number;
let fixture: AccountsFixture;
let store: Store;
let people: PeopleService;
let accountKeys: AccountKeyService;
const verifiedOwner = (email?: string) => fixture.verifiedOwner(email);

beforeEach(async () => {
  now = Date.UTC(2026, 10, 23, 12, 0, 0);
  // A deployment without billing whose new accounts start on Standard (USSYNTH_DEFAULT_PLAN=standard).
  fixture = await openAccountsFixture(() => now);
  ({ store, people, accountKeys } = fixture);
});

afterEach(() => fixture.close());

describe('keys', () => {
  it('makes keys only for a verified address, with a name and an optional future expiry', async () => {
    await people.signUp('ada@example.com', PASSWORD, '10.0.0.1');
    const unverified = (await people.signIn('ada@example.com', PASSWORD, '10.0.0.1')).session;
    expect((await problemOf(accountKeys.createKey(unverified, 'CI', null))).code).toBe('email_not_verified');
    const session = await verifiedOwner('bob@example.com');
    const { key, listing } = await accountKeys.createKey(session, '  CI pipeline  ', '2027-01-31');
    expect(keyShape(key)?.id).toBe(listing.id);
    expect(listing).toMatchObject({ name: 'CI pipeline', expiresAt: Date.parse('2027-01-31'), revokedAt: null });
    expect(await problemOf(accountKeys.createKey(session, 'x'.repeat(65), null))).toMatchObject({
      code: 'invalid_field',
      extras: { param: 'name' },
    });
    expect(await problemOf(accountKeys.createKey(session, 'late', '2020-01-01'))).toMatchObject({
      code: 'invalid_field',
      extras: { param: 'expiresAt' },
    });
    expect(await problemOf(accountKeys.createKey(session, 'odd', 'next tuesday'))).toMatchObject({
      code: 'invalid_field',
      extras: { param: 'expiresAt' },
    });
  });

  it('rolls a key: the new one keeps the name and expiry, the old one works until the grace ends', async () => {
    const session = await verifiedOwner();
    const made = await accountKeys.createKey(session, 'deploys', '2027-06-30');
    const rolled = await accountKeys.rollKey(session, made.listing.id, 3600);
    expect(rolled.listing).toMatchObject({ name: 'deploys', expiresAt: Date.parse('2027-06-30') });
    const old = await store.findKey(made.listing.id);
    expect(old!.expiresAt).toBe(now + 3_600_000);
    expect((await problemOf(accountKeys.rollKey(session, made.listing.id, 31 * 86_400))).code).toBe('invalid_field');
    expect((await problemOf(accountKeys.revokeKey(session, 'NoSuchId'))).code).toBe('key_not_found');
  });

  it("never touches another account's keys", async () => {
    const ada = await verifiedOwner('ada@example.com');
    const bob = await verifiedOwner('bob@example.com');
    const adas = await accountKeys.createKey(ada, 'ada', null);
    expect((await problemOf(accountKeys.revokeKey(bob, adas.listing.id))).code).toBe('key_not_found');
    expect((await problemOf(accountKeys.rollKey(bob, adas.listing.id, 0))).code).toBe('key_not_found');
    expect((await store.findKey(adas.listing.id))!.revokedAt).toBeNull();
  });
});
