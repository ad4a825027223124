import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { AuthThrottle } from '../../../src/accounts/auth-throttle.js';
import { startTestServer, type TestServer } from '../../test-server.js';
import { linkToken, outboxMails } from '../../accounts/outbox.js';

// Following the e-mailed link signs in the browser that signed up, and no other (issue 47, item 3): each browser is
// a cookie jar of its own, against a real server on a real SQLite file.
const PASSWORD = 'correct horse battery staple';
let server: TestServer;

/** A browser: the cookies its answers set, sent back with every call from the service's own pages. */
class Browser {
  readonly cookies = new Map<string, string>();

  async call(method: string, path: string, body?: unknown, csrf?: string): Promise<Response> {
    const response = await fetch(`${server.url}/account/v1${path}`, {
      method,
      headers: {
        origin: server.url,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size
          ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
          : {}),
        ...(csrf ? { 'x-csrf-token': csrf } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** The signed-in person's e-mail, or null when this browser is not signed in. */
  async who(): Promise<string | null> {
    const me = await this.call('GET', '/me');
    return me.status === 200 ? ((await me.json()) as { email: string }).email : null;
  }
}

function tokenFor(email: string): string {
  return linkToken(
    outboxMails(server.outbox)
      .filter((text) => text.includes(`To: ${email}`) && text.includes('/verify-email#token='))
      .at(-1)!,
    '/verify-email',
  );
}

async function signUp(browser: Browser, email: string): Promise<Response> {
  const response = await browser.call('POST', '/signup', { email, password: PASSWORD });
  expect(response.status).toBe(202);
  await expect.poll(() => outboxMails(server.outbox).some((text) => text.includes(`To: ${email}`))).toBe(true);
  return response;
}

beforeAll(async () => {
  const wide = new RateLimiterMemory({ points: 100_000, duration: 60 });
  server = await startTestServer({ throttle: new AuthThrottle({ perIp: wide, mails: wide, failedSignins: wide }) });
});
afterAll(() => server.destroy());

describe('the e-mailed link signs in the browser that signed up', () => {
  it('answers signedIn with a new session, clears the sign-up cookie, and the dashboard works at once', async () => {
    const browser = new Browser();
    const answer = await signUp(browser, 'ada@example.com');
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('ussynth_signup='))!;
    // HttpOnly (no script reads it), SameSite=Lax, for the link's 24 hours.
    expect(cookie).toMatch(/^ussynth_signup=[A-Za-z0-9_-]{43}; Max-Age=86400; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(await browser.who()).toBeNull();
    const confirmed = await browser.call('POST', '/verification/confirm', { token: tokenFor('ada@example.com') });
    expect(await confirmed.json()).toEqual({ verified: true, signedIn: true });
    expect(browser.cookies.has('ussynth_signup')).toBe(false);
    expect(await browser.who()).toBe('ada@example.com');
    const { csrfToken } = (await (await browser.call('GET', '/me')).json()) as { csrfToken: string };
    expect((await browser.call('POST', '/keys', { name: 'ci' }, csrfToken)).status).toBe(201);
  });

  it('sets the same cookie for an address that has an account, so the answer does not tell them apart', async () => {
    const [fresh, again] = [new Browser(), new Browser()];
    const first = await signUp(fresh, 'twice@example.com');
    const second = await again.call('POST', '/signup', { email: 'twice@example.com', password: PASSWORD });
    const shape = (response: Response) =>
      response.headers.getSetCookie().map((line) => line.replace(/=[A-Za-z0-9_-]{43};/, '=<43>;'));
    expect(second.status).toBe(202);
    expect(shape(second)).toEqual(shape(first));
  });
});

describe('the link opened anywhere else signs in nobody', () => {
  it('confirms the address from another browser without signing it in, and the sign-up browser cannot use the link after', async () => {
    const [signedUp, elsewhere] = [new Browser(), new Browser()];
    await signUp(signedUp, 'bea@example.com');
    const token = tokenFor('bea@example.com');
    const confirmed = await elsewhere.call('POST', '/verification/confirm', { token });
    expect(await confirmed.json()).toEqual({ verified: true, signedIn: false });
    expect(confirmed.headers.getSetCookie().some((line) => line.startsWith('ussynth_session='))).toBe(false);
    expect(await elsewhere.who()).toBeNull();
    // Single use: the browser that signed up, holding its cookie, gets the link refused rather than a session.
    const replay = await signedUp.call('POST', '/verification/confirm', { token });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { code: string }).code).toBe('link_used');
    expect(await signedUp.who()).toBeNull();
  });

  it("does not sign a victim's browser into an attacker's account (login CSRF) nor the attacker into the victim's", async () => {
    const [attacker, victim] = [new Browser(), new Browser()];
    await signUp(attacker, 'mallory@example.com');
    await signUp(victim, 'vic@example.com');
    // The attacker gets the victim to open the attacker's link: the victim's sign-up cookie is not its proof.
    const lured = await victim.call('POST', '/verification/confirm', { token: tokenFor('mallory@example.com') });
    expect(await lured.json()).toEqual({ verified: true, signedIn: false });
    expect(await victim.who()).toBeNull();
    // The attacker's cookie with the victim's token (a leaked link): not the proof of that link either.
    const leaked = await attacker.call('POST', '/verification/confirm', { token: tokenFor('vic@example.com') });
    expect(await leaked.json()).toEqual({ verified: true, signedIn: false });
    expect(await attacker.who()).toBeNull();
  });

  it('a copied sign-up cookie without the link, or a forged one with it, signs in nobody', async () => {
    const browser = new Browser();
    await signUp(browser, 'cat@example.com');
    const proof = browser.cookies.get('ussynth_signup')!;
    // The cookie is not the link: posting it as a token is refused.
    expect((await new Browser().call('POST', '/verification/confirm', { token: proof })).status).toBe(400);
    const forger = new Browser();
    forger.cookies.set('ussynth_signup', 'A'.repeat(43));
    expect(
      await (await forger.call('POST', '/verification/confirm', { token: tokenFor('cat@example.com') })).json(),
    ).toEqual({ verified: true, signedIn: false });
    expect(await forger.who()).toBeNull();
  });
});

describe('no session fixation', () => {
  it('ends a session id planted in the browser before the link is followed, and gives the browser a new one', async () => {
    // The attacker pre-registers the victim's address, signs in, and plants that session's cookie in the victim's browser.
    const attacker = new Browser();
    await signUp(attacker, 'target@example.com');
    expect((await attacker.call('POST', '/session', { email: 'target@example.com', password: PASSWORD })).status).toBe(
      200,
    );
    const planted = attacker.cookies.get('ussynth_session')!;
    const victim = new Browser();
    victim.cookies.set('ussynth_session', planted);
    const confirmed = await victim.call('POST', '/verification/confirm', { token: tokenFor('target@example.com') });
    expect(await confirmed.json()).toEqual({ verified: true, signedIn: true });
    expect(victim.cookies.get('ussynth_session')).not.toBe(planted);
    // The planted id is worth nothing now: the attacker holding it is signed out.
    expect(await attacker.who()).toBeNull();
  });
});
