import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider from 'oidc-provider';
import { freePort } from '../../test/infra/free-port.js';
import { memoryAdapter } from './oidc-memory-adapter.js';
import { interactionPages } from './oidc-test-interactions.js';

/** A client of the test provider. */
export interface TestClient {
  id: string;
  secret: string;
}

/** A real OpenID Provider (panva's oidc-provider, certified) on a loopback port, for the tests. */
export interface TestOidcProvider {
  /** The issuer, e.g. http://127.0.0.1:41234. */
  issuer: string;
  /** The audience its client-credentials access tokens carry. */
  audience: string;
  /** The authorization-code client of the dashboard. */
  dashboard: TestClient;
  /** The client-credentials client a CI job would use. */
  ci: TestClient;
  /** The private signing keys, current first (tests sign attack tokens with them). */
  signingKeys(): JWK[];
  /** How many times its JWKS was fetched. */
  jwksRequests(): number;
  /**
   * Goes through the provider's own login and consent pages over HTTP (its cookies kept) from an
   * authorization URL, as `login` with any password, or cancels at the login page; returns the URL the
   * provider redirects the browser to (the service's callback with code and state, or an error).
   */
  signInAs(authorizationUrl: string, login: string, options?: { cancel?: boolean }): Promise<string>;
  /** A JWT access token from the client-credentials grant (the real token endpoint). */
  accessToken(): Promise<string>;
  /** Restarts on the same port with a new signing key first (the old one still published, as providers rotate). */
  rotateKeys(options?: { dropOld?: boolean }): Promise<void>;
  /** Stops listening (the provider is down). */
  stop(): Promise<void>;
  /** Starts again on the same port with the same keys. */
  start(): Promise<void>;
}

/** Options of the test provider. */
export interface TestProviderOptions {
  /** Redirect URIs of the dashboard client (the service's /signin/sso/callback). */
  redirectUris: string[];
  /** The API audience. */
  audience?: string;
  /** Claims added to every access token (e.g. an org claim). */
  tokenClaims?: Record<string, string>;
  /** Seconds access tokens live. */
  accessTokenTtl?: number;
}

let clients = 0;

/**
 * Starts a real OpenID Provider on 127.0.0.1: discovery, JWKS, authorization
 * with its own development login page (any login, any password; the login
 * becomes `sub` and `email`), token endpoint with PKCE required, userinfo,
 * and the client-credentials grant issuing RS256 JWT access tokens for the
 * audience.
 * @example const idp = await startOidcProvider({ redirectUris: [`${url}/signin/sso/callback`] });
 */
export async function startOidcProvider(options: TestProviderOptions): Promise<TestOidcProvider> {
  const audience = options.audience ?? 'api://ussynth-test';
  const id = ++clients;
  const dashboard = { id: `dashboard-${id}`, secret: `dashboard-secret-${id}-${'x'.repeat(32)}` };
  const ci = { id: `ci-${id}`, secret: `ci-secret-${id}-${'y'.repeat(32)}` };
  let keys: JWK[] = [await signingKey()];
  let server: Server | undefined;
  let port = 0;
  let jwksRequests = 0;

  const listen = async () => {
    const issuer = `http://127.0.0.1:${port}`;
    const provider = new Provider(issuer, {
      // Its own adapter and login pages, each new with each start as the provider's built-in ones were: the built-in
      // ones print a warning at every start, which would drown a real warning in the test output.
      adapter: memoryAdapter(),
      clients: [
        {
          client_id: dashboard.id,
          client_secret: dashboard.secret,
          redirect_uris: options.redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
        {
          client_id: ci.id,
          client_secret: ci.secret,
          grant_types: ['client_credentials'],
          redirect_uris: [],
          response_types: [],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys },
      cookies: { keys: ['test-provider-cookie-key-0123456789'] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'] },
      pkce: { required: () => true },
      ttl: {
        ClientCredentials: options.accessTokenTtl ?? 300,
        AccessToken: 300,
        AuthorizationCode: 60,
        IdToken: 300,
        Interaction: 600,
        Session: 3600,
        Grant: 3600,
      },
      features: {
        devInteractions: { enabled: false },
        clientCredentials: { enabled: true },
        resourceIndicators: {
          enabled: true,
          defaultResource: () => audience,
          useGrantedResource: () => true,
          getResourceServerInfo: (_ctx, resource) => ({
            scope: 'api',
            audience: resource,
            accessTokenTTL: options.accessTokenTtl ?? 300,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          }),
        },
      },
      extraTokenClaims: () => options.tokenClaims,
      findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, email: sub, email_verified: true }) }),
    });
    // The provider logs through `debug` only; keep its errors out of the test output.
    provider.on('server_error', () => {});
    const handle = provider.callback();
    const interactions = interactionPages(provider);
    server = createServer((request, response) => {
      if (request.url?.startsWith('/jwks')) jwksRequests++;
      if (request.url?.startsWith('/interaction/')) {
        interactions(request, response).catch((error: unknown) => response.writeHead(500).end(String(error)));
        return;
      }
      return handle(request, response);
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
  };
  const close = async () => {
    if (!server) return;
    const closing = server;
    server = undefined;
    await new Promise<void>((resolve) => {
      closing.close(() => resolve());
      closing.closeAllConnections();
    });
  };
  // The issuer names the port, so the port is chosen before the provider is made.
  port = await freePort();
  await listen();

  return {
    issuer: `http://127.0.0.1:${port}`,
    audience,
    dashboard,
    ci,
    signingKeys: () => keys,
    jwksRequests: () => jwksRequests,
    async accessToken() {
      const response = await fetch(`http://127.0.0.1:${port}/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${ci.id}:${ci.secret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials', resource: audience, scope: 'api' }),
      });
      const body = (await response.json()) as { access_token?: string };
      if (!response.ok || !body.access_token)
        throw new Error(`token endpoint answered ${response.status}: ${JSON.stringify(body)}`);
      return body.access_token;
    },
    async signInAs(authorizationUrl, login, signIn = {}) {
      const jar = new Map<string, string>();
      const issuer = `http://127.0.0.1:${port}`;
      const send = async (url: string, form?: Record<string, string>) => {
        const response = await fetch(url, {
          redirect: 'manual',
          method: form ? 'POST' : 'GET',
          headers: {
            cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
            ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          body: form ? new URLSearchParams(form) : undefined,
        });
        for (const cookie of response.headers.getSetCookie()) {
          const [pair] = cookie.split(';');
          const eq = pair.indexOf('=');
          jar.set(pair.slice(0, eq), pair.slice(eq + 1));
        }
        return response;
      };
      let url = authorizationUrl;
      for (let step = 0; step < 12; step++) {
        if (!url.startsWith(issuer)) return url;
        const response = await send(url);
        const location = response.headers.get('location');
        if (location) {
          url = new URL(location, url).href;
          continue;
        }
        const page = await response.text();
        const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
        if (!action) throw new Error(`the provider's page at ${url} has no form: ${page.slice(0, 300)}`);
        const interaction = new URL(action, url).href;
        let answer: Response;
        if (/name="prompt" value="login"/.test(page)) {
          answer = signIn.cancel
            ? await send(`${interaction}/abort`)
            : await send(interaction, { prompt: 'login', login, password: 'any password' });
        } else {
          answer = await send(interaction, { prompt: 'consent' });
        }
        url = new URL(answer.headers.get('location')!, url).href;
      }
      throw new Error(`the provider did not redirect back after 12 steps (at ${url})`);
    },
    async rotateKeys(rotation = {}) {
      keys = rotation.dropOld ? [await signingKey()] : [await signingKey(), ...keys];
      await close();
      await listen();
    },
    stop: close,
    start: listen,
  };
}

async function signingKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: `key-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, alg: 'RS256', use: 'sig' };
}
