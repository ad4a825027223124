import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linkToken, outboxMails } from '../accounts/outbox.js';
import { killServers, runServerCommand, serve, serverEnv } from '../serve-process.js';

// A key made on the dashboard of a local server (issue 47, item 2): the development start (`npm start` runs
// `serve --dev-plan`) gives accounts made at /signup a plan, so the key works; `serve` for production gives none,
// and the 402, `accounts list` and the dashboard's billing answer say the same thing about it.
const PASSWORD = 'a long and careful passphrase';
const dir = mkdtempSync(join(tmpdir(), 'ussynth-serve-dev-plan-'));
afterAll(() => {
  killServers();
  rmSync(dir, { recursive: true, force: true });
});

/** Signs up in one "browser" (the sign-up cookie kept), follows the e-mailed link in it, and makes a key. */
async function signUpAndMakeKey(url: string, outbox: string, email: string): Promise<{ key: string; cookie: string }> {
  const call = (method: string, path: string, body: unknown, cookie: string, csrf?: string) =>
    fetch(`${url}/account/v1${path}`, {
      method,
      headers: {
        origin: url,
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(csrf ? { 'x-csrf-token': csrf } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const signedUp = await call('POST', '/signup', { email, password: PASSWORD }, '');
  expect(signedUp.status).toBe(202);
  const signUpCookie = signedUp.headers.getSetCookie()[0].split(';')[0];
  await expect.poll(() => outboxMails(outbox).length).toBe(1);
  const confirmed = await call(
    'POST',
    '/verification/confirm',
    { token: linkToken(outboxMails(outbox)[0], '/verify-email') },
    signUpCookie,
  );
  expect(await confirmed.json()).toEqual({ verified: true, signedIn: true });
  const cookie = confirmed.headers
    .getSetCookie()
    .find((line) => line.startsWith('ussynth_session='))!
    .split(';')[0];
  const { csrfToken } = (await (await call('GET', '/me', undefined, cookie)).json()) as { csrfToken: string };
  const made = await call('POST', '/keys', { name: 'first key' }, cookie, csrfToken);
  expect(made.status).toBe(201);
  return { key: ((await made.json()) as { key: string }).key, cookie };
}

describe('serve --dev-plan, the development start', () => {
  it('says so in its banner, and a key made on the dashboard by a new account works at once', async () => {
    const env: NodeJS.ProcessEnv = { ...serverEnv(join(dir, 'dev.sqlite')), USSYNTH_OUTBOX: join(dir, 'dev-outbox') };
    delete env.USSYNTH_DEFAULT_PLAN;
    delete env.USSYNTH_BILLING;
    const server = await serve({ env }, '--no-dev-key', '--dev-plan');
    expect(server.banner).toContain(
      `  billing: none; development start (--dev-plan): accounts made at ${server.url}/signup get the pro plan (50 requests/s, 1,000,000 records/month), so their keys work at once (\`serve\` without --dev-plan gives them none)\n`,
    );
    const { key } = await signUpAndMakeKey(server.url, join(dir, 'dev-outbox'), 'dev@example.com');
    expect((await fetch(`${server.url}/v1/address?seed=42`, { headers: { 'x-api-key': key } })).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(runServerCommand({ env }, 'accounts', 'list').stdout).toMatch(
      /\ndev@example\.com\s+pro\s+50\s+1000000\s+1\s+1\s+1\n/,
    );
  });

  it('leaves a plan named in the environment as it is', async () => {
    const env = {
      ...serverEnv(join(dir, 'named.sqlite')),
      USSYNTH_OUTBOX: join(dir, 'named-outbox'),
      USSYNTH_DEFAULT_PLAN: 'standard',
    };
    const server = await serve({ env }, '--no-dev-key', '--dev-plan');
    expect(server.banner).toContain(
      `  billing: none; accounts made at ${server.url}/signup get the standard plan (USSYNTH_DEFAULT_PLAN); change one with \`ussynth-server accounts set <e-mail> --tier standard|pro\`\n`,
    );
    server.child.kill('SIGTERM');
    await server.exited;
  });
});

describe('serve without --dev-plan (production)', () => {
  it('gives no plan, says so, and the 402, `accounts list` and the dashboard say the same thing and how to give one', async () => {
    const env: NodeJS.ProcessEnv = { ...serverEnv(join(dir, 'prod.sqlite')), USSYNTH_OUTBOX: join(dir, 'prod-outbox') };
    delete env.USSYNTH_DEFAULT_PLAN;
    delete env.USSYNTH_BILLING;
    const server = await serve({ env }, '--no-dev-key');
    expect(server.banner).toContain(
      `  billing: none; accounts made at ${server.url}/signup get no plan, so their API keys answer 402 until you give one a plan: \`ussynth-server accounts set <e-mail> --tier standard|pro\` (an account's name is its owner's e-mail)\n`,
    );
    const { key, cookie } = await signUpAndMakeKey(server.url, join(dir, 'prod-outbox'), 'ada@example.com');
    const sentence =
      'the account ada@example.com has no plan, so its API keys answer 402; the operator gives it one with `ussynth-server accounts set ada@example.com --tier standard|pro`';
    const refused = await fetch(`${server.url}/v1/address`, { headers: { 'x-api-key': key } });
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(
      new RegExp(`^${sentence.replace(/[.|]/g, '\\$&')}; key \\w+ works within a second of the account getting one$`),
    );
    const billing = (await (await fetch(`${server.url}/account/v1/billing`, { headers: { cookie } })).json()) as {
      plan: string;
      noPlan: string;
    };
    expect(billing).toMatchObject({ plan: 'none', noPlan: sentence });
    const listed = runServerCommand({ env }, 'accounts', 'list').stdout;
    expect(listed).toMatch(/\nada@example\.com\s+none\s+-\s+-\s+0\s+1\s+1\n/);
    expect(listed).toContain(`\nThe${sentence.slice(3)}.\n`);
    // The command the three of them give works as written, and the key within a second.
    expect(runServerCommand({ env }, 'accounts', 'set', 'ada@example.com', '--tier', 'pro').status).toBe(0);
    await expect
      .poll(async () => (await fetch(`${server.url}/v1/address`, { headers: { 'x-api-key': key } })).status, {
        timeout: 5000,
      })
      .toBe(200);
    server.child.kill('SIGTERM');
    await server.exited;
  });
});
