import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { KeyCache } from '../../src/access/key-cache.js';
import { AccountKeyService } from '../../src/accounts/account-key-service.js';
import { ActivityRecorder } from '../../src/accounts/activity-recorder.js';
import { AuthThrottle } from '../../src/accounts/auth-throttle.js';
import type { Billing } from '../../src/billing/billing.js';
import type { CurrentSession } from '../../src/accounts/current-session.js';
import { PeopleService, type PeopleServiceDeps } from '../../src/accounts/people-service.js';
import { signUpBrowserKey } from '../../src/accounts/sign-up-browser.js';
import { PlanService, type PlanServiceDeps } from '../../src/accounts/plan-service.js';
import { operatorBilling } from '../../src/billing/operator-billing.js';
import { outboxMailer } from '../../src/mail/outbox-mailer.js';
import { ProblemError } from '../../src/problem/problem-error.js';
import { openSqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import type { Store } from '../../src/store/store.js';
import { linkToken, outboxMails } from './outbox.js';

/** The password the fixture's people sign up with. */
export const PASSWORD = 'correct horse battery staple';
/** The public base URL of the fixture's links. */
export const PUBLIC_URL = 'http://127.0.0.1:3000';

/** The account services on a real SQLite file in a temporary folder, mail written to its outbox. */
export interface AccountsFixture {
  dir: string;
  store: Store;
  activity: ActivityRecorder;
  /** No payment; new accounts start on Standard (USSYNTH_DEFAULT_PLAN=standard). */
  billing: Billing;
  keys: KeyCache;
  /** What `people` was made with, for a variant (another mailer, another billing). */
  peopleDeps: PeopleServiceDeps;
  /** What `plans` was made with, for a variant. */
  planDeps: PlanServiceDeps;
  people: PeopleService;
  accountKeys: AccountKeyService;
  plans: PlanService;
  /** The outbox's mails, oldest first. */
  mails(): string[];
  /** Signs up, verifies and signs in an owner through `people` (default: the fixture's). */
  verifiedOwner(email?: string, people?: PeopleService): Promise<CurrentSession>;
  /** Closes the recorder and the store and deletes the folder. */
  close(): Promise<void>;
}

/**
 * Opens the fixture with `clock` as every service's clock.
 * @example let now = Date.UTC(2026, 10, 23); const fixture = await openAccountsFixture(() => now);
 */
export async function openAccountsFixture(clock: () => number): Promise<AccountsFixture> {
  const dir = mkdtempSync(join(tmpdir(), 'ussynth-accounts-'));
  const store = await openSqliteStore(join(dir, 'store.sqlite'), { ownUsage: true });
  const activity = new ActivityRecorder(store);
  const billing = operatorBilling('standard');
  const keys = new KeyCache(store);
  const peopleDeps: PeopleServiceDeps = {
    store,
    mailer: outboxMailer(join(dir, 'outbox'), 'ussynth <no-reply@localhost>', () => {}),
    billing,
    throttle: new AuthThrottle(),
    clock,
    publicUrl: () => PUBLIC_URL,
    onBackgroundError: (what, error) => {
      throw new Error(`${what}: ${String(error)}`);
    },
    keys,
    browserKey: signUpBrowserKey(randomBytes(32)),
  };
  const planDeps: PlanServiceDeps = { store, billing, activity, clock };
  const people = new PeopleService(peopleDeps);
  const mails = () => outboxMails(join(dir, 'outbox'));
  return {
    dir,
    store,
    activity,
    billing,
    keys,
    peopleDeps,
    planDeps,
    people,
    accountKeys: new AccountKeyService({ store, activity, clock, keys }),
    plans: new PlanService(planDeps),
    mails,
    async verifiedOwner(email = 'ada@example.com', by = people) {
      await by.signUp(email, PASSWORD, '10.0.0.1');
      await by.verifyEmail(linkToken(mails().at(-1)!, '/verify-email'));
      return (await by.signIn(email, PASSWORD, '10.0.0.1')).session;
    },
    async close() {
      await activity.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The ProblemError a promise rejects with (the test fails if it resolves or rejects with something else).
 * @example expect((await problemOf(people.signIn('a@b.c', 'x', ip))).code).toBe('invalid_password');
 */
export async function problemOf(work: Promise<unknown>): Promise<ProblemError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProblemError);
  return error as ProblemError;
}
