import { expect } from 'vitest';
import { linkToken, outboxMails } from '../accounts/outbox.js';

/** A signed-in session of the account API: its cookie and CSRF token. */
export interface ApiSession {
  cookie: string;
  csrf: string;
}

/**
 * Calls the account API of `base` from its own pages (same Origin), with the session's cookie and CSRF token when given.
 * @example const response = await accountCall(url, 'POST', '/billing/checkout', { plan: 'pro' }, session);
 */
export function accountCall(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  session?: Partial<ApiSession>,
): Promise<Response> {
  return fetch(`${base}/account/v1${path}`, {
    method,
    headers: {
      origin: base,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(session?.cookie ? { cookie: session.cookie } : {}),
      ...(session?.csrf ? { 'x-csrf-token': session.csrf } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * Signs up on `base`, follows the verification link from the outbox folder, signs in; returns the session.
 * @example const session = await signedUp(server.url, server.outbox, 'ada@example.com');
 */
export async function signedUp(
  base: string,
  outbox: string,
  email: string,
  password = 'correct horse battery staple',
): Promise<ApiSession> {
  expect((await accountCall(base, 'POST', '/signup', { email, password })).status).toBe(202);
  const mail = outboxMails(outbox).find(
    (text) => text.includes(`To: ${email}`) && text.includes('/verify-email#token='),
  );
  expect(mail, `verification mail to ${email}`).toBeDefined();
  expect(
    (await accountCall(base, 'POST', '/verification/confirm', { token: linkToken(mail!, '/verify-email') })).status,
  ).toBe(200);
  return signIn(base, email, password);
}

/**
 * Signs in to `base` with a password; returns the session.
 * @example const session = await signIn(server.url, 'ada@example.com');
 */
export async function signIn(
  base: string,
  email: string,
  password = 'correct horse battery staple',
): Promise<ApiSession> {
  const response = await accountCall(base, 'POST', '/session', { email, password });
  expect(response.status).toBe(200);
  const cookie = response.headers.get('set-cookie')!.split(';')[0];
  const me = (await (await accountCall(base, 'GET', '/me', undefined, { cookie })).json()) as { csrfToken: string };
  return { cookie, csrf: me.csrfToken };
}
