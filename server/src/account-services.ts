import { KeyCache } from './access/key-cache.js';
import { AccountService } from './accounts/account-service.js';
import { ActivityRecorder } from './accounts/activity-recorder.js';
import type { AuthThrottle } from './accounts/auth-throttle.js';
import type { Billing } from './accounts/billing.js';
import { operatorBilling } from './billing/operator-billing.js';
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
  /** How plans are paid for (default: no payment, new accounts without a plan until the operator sets one). */
  billing?: Billing;
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
  accounts: AccountService;
  /** The key cache the app must use (services.keys): the account service drops its entries on revocation and deletion. */
  keys: KeyCache;
  activity: ActivityRecorder;
  sso: SsoVerifier;
  ssoSignIn: SsoSignIn;
  secretKey: Uint8Array;
}

/**
 * Wires sign-up, sessions and keys by their owners, the activity recorder,
 * SSO sign-in and the /v1 token verifier on one store: the server and the
 * test server make them here, so they are made alike.
 * @example const { accounts, activity, sso, ssoSignIn } = accountServices({ store, mailer, throttle: new AuthThrottle(), clock: Date.now, publicUrl, storeFile });
 */
export function accountServices(deps: AccountServicesDeps): AccountServices {
  const onError = deps.onError ?? (() => {});
  const { store, clock, publicUrl } = deps;
  const activity = new ActivityRecorder(store.accounts, (error) => onError('activity flush', error));
  const keys = new KeyCache(store);
  const accounts = new AccountService({ store, mailer: deps.mailer, billing: deps.billing ?? operatorBilling('none'), throttle: deps.throttle, activity, clock, publicUrl, onBackgroundError: onError, keys });
  // Made beside the store on first start when USSYNTH_SECRET_KEY is not set (a PostgreSQL store requires it).
  const secretKey = loadSecretKey(deps.secretKey, deps.storeFile);
  const ssoSignIn = new SsoSignIn({ sso: store.sso, secretKey, publicUrl, startSession: (person) => accounts.startSession(person), clock });
  return { accounts, keys, activity, sso: new SsoVerifier(store.sso, deps.sso), ssoSignIn, secretKey };
}
