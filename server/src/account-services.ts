import { KeyCache } from './access/key-cache.js';
import { AccountKeyService } from './accounts/account-key-service.js';
import { ActivityRecorder } from './accounts/activity-recorder.js';
import type { AuthThrottle } from './accounts/auth-throttle.js';
import type { Billing } from './billing/billing.js';
import { PeopleService } from './accounts/people-service.js';
import { signUpBrowserKey } from './accounts/sign-up-browser.js';
import { PlanService } from './accounts/plan-service.js';
import { QuotaNotices } from './accounts/quota-notices.js';
import type { Mailer } from './mail/mailer.js';
import { loadSecretKey } from './sso/secret-key.js';
import { SsoSignIn } from './sso/sso-sign-in.js';
import { SsoVerifier, type SsoVerifierOptions } from './sso/sso-verifier.js';
import type { Store } from './store/store.js';

/** What the account side of the service is made from. */
export interface AccountServicesDeps {
  store: Store;
  /** Where account e-mail goes. */
  mailer: Mailer;
  /** How plans are paid for: Stripe, or operatorBilling (no payment; the operator sets plans). */
  billing: Billing;
  /** Sign-in, sign-up and e-mail throttles (in memory, or shared through Redis). */
  throttle: AuthThrottle;
  /** Epoch ms now. */
  clock: () => number;
  /** The public base URL (links in e-mails, the SSO redirect URI); known once the server listens. */
  publicUrl: () => string;
  /** The store's file (SQLite) or the default folder: the secret key file sits beside it when `secretKey` is not given. */
  storeFile: string;
  /** USSYNTH_SECRET_KEY, when set. */
  secretKey?: string;
  /** Options of the /v1 token verifier (clock tolerance, JWKS timing). */
  sso?: SsoVerifierOptions;
  /** Told of work that failed in the background (`what`: "activity flush", "e-mail", ...); default: nothing. */
  onError?: (what: string, error: unknown) => void;
}

/** The account services the app is given (see AppServices), and the key that seals SSO client secrets. */
export interface AccountServices {
  /** Sign-up, sign-in, sessions, passwords, the account's deletion. */
  people: PeopleService;
  /** API keys by their owners. */
  accountKeys: AccountKeyService;
  /** Plans, billing status and usage. */
  plans: PlanService;
  /** The billing the services were made with. */
  billing: Billing;
  /** The key cache the app must use (services.keys): the people and key services drop its entries on revocation and deletion. */
  keys: KeyCache;
  activity: ActivityRecorder;
  /** E-mails owners when the month passes 80 % and 100 % of the quota. */
  quotaNotices: QuotaNotices;
  sso: SsoVerifier;
  ssoSignIn: SsoSignIn;
  secretKey: Uint8Array;
}

/**
 * Wires the people, key and plan services, the activity recorder, SSO
 * sign-in and the /v1 token verifier on one store: the server and the test
 * server make them here, so they are made alike.
 * @example const { people, accountKeys, plans, activity, sso, ssoSignIn } = accountServices({ store, mailer, billing: operatorBilling('none'), throttle: new AuthThrottle(), clock: Date.now, publicUrl, storeFile });
 */
export function accountServices(deps: AccountServicesDeps): AccountServices {
  const onError = deps.onError ?? (() => {});
  const { store, billing, clock, publicUrl } = deps;
  const activity = new ActivityRecorder(store, (error) => onError('activity flush', error));
  const keys = new KeyCache(store);
  // Made beside the store on first start when USSYNTH_SECRET_KEY is not set (a PostgreSQL store requires it).
  const secretKey = loadSecretKey(deps.secretKey, deps.storeFile);
  const browserKey = signUpBrowserKey(secretKey);
  const people = new PeopleService({ store, mailer: deps.mailer, billing, throttle: deps.throttle, clock, publicUrl, onBackgroundError: onError, keys, browserKey });
  const accountKeys = new AccountKeyService({ store, activity, clock, keys });
  const plans = new PlanService({ store, billing, activity, clock });
  const ssoSignIn = new SsoSignIn({ sso: store.sso, secretKey, publicUrl, startSession: (person) => people.startSession(person), clock });
  const quotaNotices = new QuotaNotices({ store, mailer: deps.mailer, publicUrl, clock, onError: (error) => onError('quota notice', error) });
  return { people, accountKeys, plans, billing, keys, activity, quotaNotices, sso: new SsoVerifier(store.sso, deps.sso), ssoSignIn, secretKey };
}
