import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from '../../src/store/sqlite/sqlite-driver.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientSecretContext, openSecret } from '../../src/sso/secret-box.js';
import { loadSecretKey } from '../../src/sso/secret-key.js';
import { startOidcProvider, type TestOidcProvider } from '../oidc-test-provider.js';
import { runServerCli } from '../serve-process.js';

// The real binary against a real OpenID Provider on loopback. Spawned without blocking: the provider answers
// the command's discovery request from this process.
const dir = mkdtempSync(join(tmpdir(), 'ussynth-sso-cli-'));
const db = join(dir, 'store.sqlite');
let idp: TestOidcProvider;

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUris: ['http://127.0.0.1:3000/signin/sso/callback'] });
  expect(
    (
      await ussynth([
        'keys',
        'create',
        '--account',
        'bigco',
        '--tier',
        'enterprise',
        '--rate',
        '100',
        '--monthly-quota',
        '1000',
      ])
    ).status,
  ).toBe(0);
  expect(
    (
      await ussynth([
        'keys',
        'create',
        '--account',
        'other',
        '--tier',
        'enterprise',
        '--rate',
        '100',
        '--monthly-quota',
        '1000',
      ])
    ).status,
  ).toBe(0);
  expect((await ussynth(['keys', 'create', '--account', 'small', '--tier', 'pro'])).status).toBe(0);
});

afterAll(async () => {
  await idp?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function ussynth(args: string[], options: { stdin?: string; env?: Record<string, string> } = {}) {
  return runServerCli(args, { ...process.env, USSYNTH_DB: db, ...options.env }, options.stdin);
}

const SECRET = 'the-dashboard-client-secret-0123456789';
const setArgs = (account: string, extra: string[] = []) => [
  'accounts',
  'sso',
  'set',
  account,
  '--issuer',
  idp.issuer,
  '--client-id',
  idp.dashboard.id,
  '--client-secret',
  SECRET,
  '--audience',
  idp.audience,
  ...extra,
];

describe('ussynth accounts sso', () => {
  it('connects an Enterprise account after discovery, seals the secret with a new 0600 key file, and never shows it', async () => {
    const set = await ussynth(
      setArgs('bigco', [
        '--domain',
        'BigCo.example',
        '--domain',
        'bigco-labs.example',
        '--org-claim',
        'org_id',
        '--org-value',
        'bigco',
      ]),
      { env: { USSYNTH_PUBLIC_URL: 'https://api.example.com' } },
    );
    expect(set.stderr).toBe('');
    expect(set.status).toBe(0);
    expect(set.stdout).toContain(`bigco signs in through ${idp.issuer}`);
    expect(set.stdout).toContain('https://api.example.com/signin/sso/callback');
    expect(set.stdout).toContain('Dashboard sign-in for: bigco-labs.example, bigco.example');
    expect(set.stdout).not.toContain(SECRET);

    const keyFile = join(dir, 'secret.key');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const sqlite = new Database(db, { readonly: true });
    const row = sqlite
      .prepare('SELECT c.account_id, c.client_secret_sealed, c.jwks_uri FROM sso_connections c')
      .get() as { account_id: number; client_secret_sealed: Buffer; jwks_uri: string };
    sqlite.close();
    expect(row.jwks_uri).toBe(`${idp.issuer}/jwks`);
    expect(
      openSecret(loadSecretKey(undefined, db), clientSecretContext(row.account_id), row.client_secret_sealed),
    ).toBe(SECRET);
    expect(() =>
      openSecret(loadSecretKey(undefined, db), clientSecretContext(row.account_id + 1), row.client_secret_sealed),
    ).toThrow(/does not open/);
    const storeBytes =
      readFileSync(db).toString('latin1') + readFileSync(`${db}-wal`, { flag: 'a+' }).toString('latin1');
    expect(storeBytes).not.toContain(SECRET);

    const shown = await ussynth(['accounts', 'sso', 'show', 'bigco']);
    expect(shown.status).toBe(0);
    expect(shown.stdout).toContain(`client id:      ${idp.dashboard.id}`);
    expect(shown.stdout).toContain('client secret:  set (sealed; never shown)');
    expect(shown.stdout).toContain('org claim:      org_id = bigco');
    const json = JSON.parse((await ussynth(['accounts', 'sso', 'show', 'bigco', '--json'])).stdout) as Record<
      string,
      unknown
    >;
    expect(json).toMatchObject({
      account: 'bigco',
      issuer: idp.issuer,
      clientId: idp.dashboard.id,
      audience: idp.audience,
      domains: ['bigco-labs.example', 'bigco.example'],
      orgClaim: 'org_id',
      orgValue: 'bigco',
    });
    expect(JSON.stringify(json)).not.toContain(SECRET);
    expect(Object.keys(json)).not.toContain('clientSecret');
  });

  it('reads the secret from standard input with --client-secret -', async () => {
    const set = await ussynth([...setArgs('other').map((a) => (a === SECRET ? '-' : a)), '--domain', 'other.example'], {
      stdin: 'from-stdin-secret-abcdef\n',
    });
    expect(set.status).toBe(0);
    const sqlite = new Database(db, { readonly: true });
    const row = sqlite
      .prepare(
        "SELECT c.account_id, c.client_secret_sealed FROM sso_connections c JOIN accounts a ON a.id = c.account_id WHERE a.name = 'other'",
      )
      .get() as { account_id: number; client_secret_sealed: Buffer };
    sqlite.close();
    expect(
      openSecret(loadSecretKey(undefined, db), clientSecretContext(row.account_id), row.client_secret_sealed),
    ).toBe('from-stdin-secret-abcdef');
  });

  it('refuses with a message and a non-zero exit: not Enterprise, unknown account, plain http, failed discovery, a taken domain, half an org claim, a bad secret key', async () => {
    const cases: [string[], number, RegExp, Record<string, string>?][] = [
      [setArgs('small'), 1, /account "small" is on pro: SSO is part of Enterprise/],
      [setArgs('nobody'), 1, /no account named "nobody"/],
      [
        setArgs('bigco').map((a) => (a === idp.issuer ? 'http://idp.example.com' : a)),
        2,
        /must be an https URL \(plain http only on a loopback address/,
      ],
      [
        setArgs('bigco').map((a) => (a === idp.issuer ? 'not a url' : a)),
        2,
        /must be a URL such as https:\/\/example\.okta\.com/,
      ],
      [
        setArgs('bigco').map((a) => (a === idp.issuer ? `${idp.issuer}/nothing-here` : a)),
        1,
        /discovery of .*\/nothing-here\/\.well-known\/openid-configuration failed/,
      ],
      [
        setArgs('bigco').map((a) => (a === idp.issuer ? 'http://127.0.0.1:9' : a)),
        1,
        /discovery of http:\/\/127\.0\.0\.1:9\/\.well-known\/openid-configuration failed/,
      ],
      [
        setArgs('bigco', ['--domain', 'other.example']),
        1,
        /the domain other\.example already signs in through the SSO of account "other"/,
      ],
      [setArgs('bigco', ['--domain', 'not a domain']), 2, /--domain must be an e-mail domain/],
      [setArgs('bigco', ['--org-claim', 'org_id']), 2, /--org-claim and --org-value go together/],
      [setArgs('bigco').filter((a) => a !== '--audience' && a !== idp.audience), 2, /--audience AUD is required/],
      [setArgs('bigco'), 2, /USSYNTH_SECRET_KEY must be 32 random bytes/, { USSYNTH_SECRET_KEY: 'too-short' }],
      [['accounts', 'sso', 'rename', 'bigco'], 2, /unknown accounts sso action "rename"; use set, show or remove/],
    ];
    for (const [args, status, message, env] of cases) {
      const result = await ussynth(args, { env });
      expect(result.stderr, args.join(' ')).toMatch(message);
      expect(result.status, args.join(' ')).toBe(status);
      expect(result.stderr).not.toContain(SECRET);
    }
    // Nothing refused changed the stored settings.
    expect(JSON.parse((await ussynth(['accounts', 'sso', 'show', 'bigco', '--json'])).stdout)).toMatchObject({
      domains: ['bigco-labs.example', 'bigco.example'],
    });
  });

  it('removes the connection; showing or removing it again is an error', async () => {
    expect((await ussynth(['accounts', 'sso', 'remove', 'other'])).stdout).toContain('other: SSO removed');
    expect(await ussynth(['accounts', 'sso', 'remove', 'other'])).toMatchObject({
      status: 1,
      stderr: expect.stringContaining('account "other" has no SSO'),
    });
    expect(await ussynth(['accounts', 'sso', 'show', 'other'])).toMatchObject({
      status: 1,
      stderr: expect.stringContaining('has no SSO; `ussynth-server accounts sso set` connects one'),
    });
  });
});
