import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/infra/free-port.js';
import { startPostgres, type TestPostgres } from '../../../test/infra/postgres-server.js';
import { startOidcProvider, type TestOidcProvider } from '../oidc-test-provider.js';
import { killServers, runServerCli, runServerCommand, serve, type ServeProcess } from '../serve-process.js';

// An SSO sign-in lives in the browser's own cookie, sealed with USSYNTH_SECRET_KEY, so no balancer needs to send its
// callback back to the instance that started it: real `ussynth-server serve` processes, a real OpenID Provider.
// The browser talks to each instance directly, as a round-robin balancer at USSYNTH_PUBLIC_URL would send it.
const DOMAIN = 'bigco.example';
const SECRET_KEY = Buffer.alloc(32, 9).toString('base64');

let idp: TestOidcProvider;
let publicUrl = '';

/** A browser's cookies, sent to whichever instance the balancer picked. */
class Browser {
  cookies = new Map<string, string>();
  async send(instance: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
    const response = await fetch(instance + path, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
        origin: publicUrl,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair.indexOf('=');
      if (pair.slice(eq + 1) === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie))
        this.cookies.delete(pair.slice(0, eq));
      else this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return response;
  }
  /** Starts "Sign in with SSO" on `instance` and goes through the provider's pages: the callback URL it sends the browser to. */
  async startAndSignIn(instance: string, email: string): Promise<string> {
    const started = await this.send(instance, '/account/v1/sso/start', { method: 'POST', body: { email } });
    expect(started.status).toBe(200);
    expect(this.cookies.has('ussynth_sso')).toBe(true);
    const callback = await idp.signInAs(
      ((await started.json()) as { authorizationUrl: string }).authorizationUrl,
      email,
    );
    expect(callback.startsWith(`${publicUrl}/signin/sso/callback?code=`)).toBe(true);
    return callback.slice(publicUrl.length);
  }
  /** Finishes on `instance`; the person it signed in, asked of `other`. */
  async finish(instance: string, callbackPath: string, other: string): Promise<string> {
    const landed = await this.send(instance, callbackPath);
    expect(landed.status, await landed.clone().text()).toBe(303);
    expect(landed.headers.get('location')).toBe('/dashboard');
    expect(this.cookies.has('ussynth_sso')).toBe(false);
    const me = await this.send(other, '/account/v1/me');
    expect(me.status).toBe(200);
    return ((await me.json()) as { email: string }).email;
  }
}

/** Makes the Enterprise account `bigco` with its OpenID Provider, through the operator commands. */
async function connectProvider(env: NodeJS.ProcessEnv): Promise<void> {
  const key = runServerCommand(
    { env },
    'keys',
    'create',
    '--account',
    'bigco',
    '--tier',
    'enterprise',
    '--rate',
    '100',
    '--monthly-quota',
    '100000',
    '--json',
  );
  expect(key.status, key.stderr).toBe(0);
  const set = await runServerCli(
    [
      'accounts',
      'sso',
      'set',
      'bigco',
      '--issuer',
      idp.issuer,
      '--client-id',
      idp.dashboard.id,
      '--client-secret',
      '-',
      '--audience',
      idp.audience,
      '--domain',
      DOMAIN,
    ],
    env,
    idp.dashboard.secret,
  );
  expect(set.status, set.stderr).toBe(0);
}

beforeAll(async () => {
  // The balancer's address: what the provider redirects to. Nothing listens there; the test plays the balancer.
  publicUrl = `http://127.0.0.1:${await freePort()}`;
  idp = await startOidcProvider({ redirectUris: [`${publicUrl}/signin/sso/callback`] });
});

afterAll(async () => {
  killServers();
  await idp?.stop();
});

describe('a sign-in started on one instance', () => {
  let pg: TestPostgres;
  const instances: ServeProcess[] = [];

  beforeAll(async () => {
    pg = await startPostgres();
    const env = {
      ...process.env,
      USSYNTH_DB: pg.createDatabase('sso_fleet'),
      USSYNTH_SECRET_KEY: SECRET_KEY,
      USSYNTH_PUBLIC_URL: publicUrl,
      PORT: '0',
      LOG_LEVEL: 'warn',
    };
    instances.push(...(await Promise.all([serve({ env }, '--no-dev-key'), serve({ env }, '--no-dev-key')])));
    await connectProvider(env);
  }, 60_000);

  afterAll(() => {
    for (const instance of instances) instance.child.kill('SIGKILL');
    pg?.destroy();
  });

  it('finishes on another (PostgreSQL store, no sticky sessions)', async () => {
    const [a, b] = instances.map((instance) => instance.url);
    const browser = new Browser();
    const callback = await browser.startAndSignIn(a, `ada@${DOMAIN}`);
    expect(await browser.finish(b, callback, a)).toBe(`ada@${DOMAIN}`);
    // And the other way round.
    const other = new Browser();
    expect(await other.finish(a, await other.startAndSignIn(b, `lin@${DOMAIN}`), b)).toBe(`lin@${DOMAIN}`);
  }, 60_000);

  it('is refused on every instance once used, and when its cookie was changed', async () => {
    const [a, b] = instances.map((instance) => instance.url);
    const browser = new Browser();
    const callback = await browser.startAndSignIn(a, `max@${DOMAIN}`);
    const sealed = browser.cookies.get('ussynth_sso')!;
    await browser.finish(a, callback, a);
    // Replayed on the other instance with the very cookie: the provider takes a code once.
    browser.cookies.set('ussynth_sso', sealed);
    const replayed = await browser.send(b, callback);
    expect(replayed.status).toBe(400);
    expect(await replayed.text()).toMatch(/already used/);
    // A changed byte does not open.
    const tampered = new Browser();
    const path = await tampered.startAndSignIn(b, `sam@${DOMAIN}`);
    const cookie = tampered.cookies.get('ussynth_sso')!;
    tampered.cookies.set('ussynth_sso', cookie.slice(0, 40) + (cookie[40] === 'A' ? 'B' : 'A') + cookie.slice(41));
    const refused = await tampered.send(a, path);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/was not started in this browser/);
  }, 60_000);
});

describe('a sign-in started before a restart', () => {
  it('finishes after it (SQLite store; the key file beside the store seals it)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ussynth-sso-restart-'));
    try {
      const env = {
        ...process.env,
        USSYNTH_DB: join(dir, 'store.sqlite'),
        USSYNTH_PUBLIC_URL: publicUrl,
        PORT: '0',
        LOG_LEVEL: 'warn',
      };
      const first = await serve({ env }, '--no-dev-key');
      await connectProvider(env);
      const browser = new Browser();
      const callback = await browser.startAndSignIn(first.url, `ada@${DOMAIN}`);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      const second = await serve({ env }, '--no-dev-key');
      expect(await browser.finish(second.url, callback, second.url)).toBe(`ada@${DOMAIN}`);
      second.child.kill('SIGTERM');
      await second.exited;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
