import * as oidc from 'openid-client';
import type { CurrentSession } from '../accounts/current-session.js';
import { emailDomain, normalizeEmail } from '../accounts/email-address.js';
import { sameToken } from '../accounts/secret-token.js';
import { ProblemError } from '../problem/problem-error.js';
import type { PersonRecord } from '../store/people-store.js';
import type { SsoConnection, SsoStore } from '../store/sso-store.js';
import { discoverProvider } from './provider-discovery.js';
import { openPendingSignIn, sealPendingSignIn } from './sealed-sign-in.js';
import { clientSecretContext, openSecret } from './secret-box.js';
import { shownSettings, type ShownSsoSettings } from './shown-settings.js';

/**
 * Where the provider sends the browser back after SSO sign-in; the redirect
 * URI is the public URL followed by this path.
 * @example `${publicUrl}${SSO_CALLBACK_PATH}` // 'https://api.example.com/signin/sso/callback'
 */
export const SSO_CALLBACK_PATH = '/signin/sso/callback';

/** How long a started SSO sign-in may take at the provider (login, MFA) before its callback is refused. */
export const SSO_SIGN_IN_TTL_MS = 10 * 60_000;
// Discovery documents are read again after this long (a provider may move its endpoints).
const DISCOVERY_TTL_MS = 10 * 60_000;

/** A failed SSO sign-in, told to the person on a page (never a trace); `logDetail` is for the server's log only. */
export class SsoSignInError extends Error {
  constructor(
    message: string,
    /** What the operator needs to see why (the account, its domains...), never shown to the person signing in. */
    readonly logDetail: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'SsoSignInError';
  }
}

/** What the page says when the provider signs someone in with an address outside the account's domains: nothing of the account. */
export const FOREIGN_DOMAIN_MESSAGE =
  'This address cannot sign in to ussynth through this identity provider. Ask your administrator which address to use, then start again from the sign-in page.';

/** What the SSO sign-in needs. */
export interface SsoSignInDeps {
  /** Connections and members. */
  sso: SsoStore;
  /** The service's secret key (opens the sealed client secrets, seals the started sign-ins). */
  secretKey: Uint8Array;
  /** The public base URL: the redirect URI is it followed by /signin/sso/callback. */
  publicUrl: () => string;
  /** Starts a dashboard session for the person. */
  startSession: (person: PersonRecord) => Promise<{ sessionId: string; session: CurrentSession }>;
  clock: () => number;
}

/**
 * Dashboard sign-in through an Enterprise account's OpenID Provider, with
 * openid-client: the work e-mail's domain picks the account; the
 * authorization code flow with PKCE (S256), `state` and `nonce`, each
 * started sign-in sealed with the service's key into the browser's own
 * cookie for 10 minutes (so any instance finishes what another started,
 * and a restart loses none; no sticky load balancing), cleared by its
 * callback. On return the ID token is
 * verified (signature, iss, aud, exp, nonce), the address must be one of
 * the account's domains, and the person is signed in as a member of that
 * account (created on first sign-in).
 * @example const { sealedSignIn, authorizationUrl } = await signIn.start('ada@bigco.com');
 */
export class SsoSignIn {
  private readonly configs = new Map<number, { version: number; config: oidc.Configuration; until: number }>();

  constructor(private readonly deps: SsoSignInDeps) {}

  /** The account's SSO settings as its people may see them, or null when it has none. */
  async settings(accountId: number): Promise<ShownSsoSettings | null> {
    const connection = await this.deps.sso.find(accountId);
    return connection ? shownSettings(connection) : null;
  }

  /** The redirect URI registered at the providers. */
  redirectUri(): string {
    return this.deps.publicUrl() + SSO_CALLBACK_PATH;
  }

  /**
   * Starts a sign-in for a work e-mail: the provider's authorization URL
   * and the started sign-in, sealed for the browser's cookie. 400
   * `invalid_email`, 404 `sso_not_configured`, 503 `idp_unavailable`.
   */
  async start(emailText: unknown): Promise<{ sealedSignIn: string; authorizationUrl: string }> {
    const email = normalizeEmail(emailText);
    if (email === null)
      throw new ProblemError('invalid_email', 'email must be your work e-mail address, such as ada@example.com', {
        param: 'email',
      });
    const connection = await this.deps.sso.findByDomain(emailDomain(email));
    if (!connection)
      throw new ProblemError(
        'sso_not_configured',
        `no account signs in through SSO for ${emailDomain(email)}; sign in with your password`,
        { param: 'email' },
      );
    const config = await this.configFor(connection).catch((error: unknown) => {
      // openid-client says "something went wrong" and keeps the reason (timeout, refused, too large) as the cause.
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      const reason = (error instanceof Error ? error.message : String(error)) + cause;
      throw new ProblemError(
        'idp_unavailable',
        `${connection.issuer} could not be reached for sign-in (${reason}); try again shortly`,
        { headers: { 'retry-after': '5' } },
      );
    });
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const authorizationUrl = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri(),
      response_type: 'code',
      scope: 'openid email',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      login_hint: email,
    });
    const sealedSignIn = sealPendingSignIn(this.deps.secretKey, {
      accountId: connection.accountId,
      version: connection.updatedAt,
      state,
      nonce,
      codeVerifier,
      until: this.deps.clock() + SSO_SIGN_IN_TTL_MS,
    });
    return { sealedSignIn, authorizationUrl: authorizationUrl.href };
  }

  /**
   * Completes a sign-in from the provider's redirect: checks it against the
   * started sign-in sealed in this browser's cookie (which the callback
   * clears whatever happens; the provider takes its code once), exchanges
   * the code with the PKCE verifier, verifies the ID token and its nonce,
   * and starts a session. Throws SsoSignInError with a sentence for the
   * person.
   */
  async finish(
    sealedSignIn: string | undefined,
    callbackUrl: URL,
  ): Promise<{ sessionId: string; session: CurrentSession }> {
    const started = sealedSignIn === undefined ? null : openPendingSignIn(this.deps.secretKey, sealedSignIn);
    if (started === null) {
      throw new SsoSignInError(
        'This sign-in was not started in this browser, or it was already used. Start again from the sign-in page.',
      );
    }
    if (this.deps.clock() > started.until)
      throw new SsoSignInError('This sign-in took longer than 10 minutes. Start again from the sign-in page.');
    const connection = await this.deps.sso.find(started.accountId);
    if (!connection || connection.updatedAt !== started.version)
      throw new SsoSignInError(
        "The account's SSO settings changed during the sign-in. Start again from the sign-in page.",
      );
    // Checked here too (openid-client checks it again) so a mismatch gets its own sentence.
    if (!sameToken(callbackUrl.searchParams.get('state'), started.state)) {
      throw new SsoSignInError(
        'This sign-in response does not belong to the sign-in this browser started (state mismatch). Start again from the sign-in page.',
      );
    }
    let claims: Record<string, unknown>;
    try {
      const config = await this.configFor(connection);
      // The callback must come back to the registered redirect URI: rebuild it on the public URL, keeping the query.
      const current = new URL(this.redirectUri());
      current.search = callbackUrl.search;
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: started.codeVerifier,
        expectedState: started.state,
        expectedNonce: started.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims()!;
      claims = { ...idToken };
      // Providers that keep the e-mail out of the ID token (oidc-provider by default) give it at userinfo.
      if (typeof claims.email !== 'string')
        claims = { ...claims, ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)) };
    } catch (error) {
      throw new SsoSignInError(failureSentence(error, connection.issuer));
    }
    const email = normalizeEmail(claims.email);
    if (email === null)
      throw new SsoSignInError(
        `${connection.issuer} did not give an e-mail address for this sign-in; ask your administrator to release the "email" claim to ussynth.`,
      );
    if (claims.email_verified === false)
      throw new SsoSignInError(`${connection.issuer} says the address ${email} is not verified.`);
    if (!connection.domains.includes(emailDomain(email))) {
      // Whoever signs in may not be of the account: its name (the owner's address) and its domains go to the log only.
      throw new SsoSignInError(FOREIGN_DOMAIN_MESSAGE, {
        accountId: connection.accountId,
        account: connection.accountName,
        domains: connection.domains,
        issuer: connection.issuer,
        signedInDomain: emailDomain(email),
      });
    }
    const person = await this.deps.sso.joinMember(connection.accountId, email, this.deps.clock());
    if (person === 'elsewhere')
      throw new SsoSignInError(`The address ${email} belongs to another ussynth account. Ask the operator to move it.`);
    return this.deps.startSession(person);
  }

  // The provider's client configuration, from its discovery document (cached; a changed connection reads it again).
  private async configFor(connection: SsoConnection): Promise<oidc.Configuration> {
    const now = this.deps.clock();
    const cached = this.configs.get(connection.accountId);
    if (cached && cached.version === connection.updatedAt && cached.until > now) return cached.config;
    const secret = openSecret(
      this.deps.secretKey,
      clientSecretContext(connection.accountId),
      connection.sealedClientSecret,
    );
    const config = await discoverProvider(connection.issuer, connection.clientId, secret);
    this.configs.set(connection.accountId, { version: connection.updatedAt, config, until: now + DISCOVERY_TTL_MS });
    return config;
  }
}

function failureSentence(error: unknown, issuer: string): string {
  if (error instanceof oidc.AuthorizationResponseError) {
    return `${issuer} did not sign you in (${error.error_description ?? error.error}). Start again from the sign-in page.`;
  }
  // openid-client wraps the precise reason (oauth4webapi's) as the cause.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  const message = error instanceof Error ? [error.message, cause].filter(Boolean).join(': ') : String(error);
  if (/"state"/.test(message))
    return 'This sign-in response does not belong to the sign-in this browser started (state mismatch). Start again from the sign-in page.';
  if (/"nonce"/.test(message))
    return 'The identity token does not belong to the sign-in this browser started (nonce mismatch). Start again from the sign-in page.';
  if (error instanceof oidc.ResponseBodyError) {
    // invalid_grant is also what a replayed callback gets (its sealed cookie kept and sent again): a code works once.
    const why =
      error.error === 'invalid_grant' ? ': its code was already used, has expired, or belongs to another sign-in' : '';
    return `${issuer} refused to complete the sign-in (${error.error}${error.error_description ? `: ${error.error_description}` : ''})${why}. Start again from the sign-in page.`;
  }
  return `The sign-in with ${issuer} could not be completed (${message}). Start again from the sign-in page.`;
}
