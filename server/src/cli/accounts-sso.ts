import { CliError, type CommandIo } from 'ussynth/cli';
import { storeLocation, storePath } from '../store/default-path.js';
import type { Store } from '../store/store.js';
import { issuerProblem } from '../sso/issuer-url.js';
import { clientSecretContext, sealSecret } from '../sso/secret-box.js';
import { loadSecretKey } from '../sso/secret-key.js';
import { shownSettings } from '../sso/shown-settings.js';
import { SSO_CALLBACK_PATH } from '../sso/sso-sign-in.js';
import { accountNamed, parse } from './cli-options.js';
import { isEmailDomain } from '../accounts/email-address.js';

/** The `accounts sso` lines of `ussynth-server accounts --help`. */
export const SSO_HELP = `  accounts sso set ACCOUNT --issuer URL --client-id ID --client-secret SECRET --audience AUD
                  [--domain example.com ...] [--org-claim NAME --org-value VALUE]
      Connects an Enterprise account to its OpenID Provider (read from
      URL/.well-known/openid-configuration; https, or http on a loopback
      address). Its people sign in to the dashboard through it (--domain: the
      e-mail domains that lead there), and its /v1 calls need a token of it
      next to the key: a JWT whose aud contains AUD (and whose NAME claim is
      VALUE). --client-secret - reads the secret from standard input. The
      secret is stored sealed with USSYNTH_SECRET_KEY (default: the key file
      beside the store) and never shown again.
  accounts sso show ACCOUNT [--json]
      The account's SSO settings (never the client secret).
  accounts sso remove ACCOUNT
      Disconnects the provider: keys work alone again, people sign in by password.
`;

// Longest client id, audience, claim name or value accepted: providers use far less.
const MAX_FIELD = 512;

/**
 * `ussynth-server accounts sso set|show|remove`: an Enterprise account's OpenID Provider.
 * @example await ssoAction(['show', 'bigco'], io, store)
 */
export async function ssoAction(args: string[], io: CommandIo, store: Store): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'set') return setSso(rest, io, store);
  if (action === 'show') return showSso(rest, io, store);
  if (action === 'remove') return removeSso(rest, io, store);
  throw new CliError(
    action === undefined
      ? 'accounts sso needs an action: set, show or remove'
      : `unknown accounts sso action "${action}"; use set, show or remove`,
  );
}

async function setSso(args: string[], io: CommandIo, store: Store): Promise<number> {
  const { values, positionals } = parse(
    'accounts',
    args,
    {
      issuer: { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      audience: { type: 'string' },
      domain: { type: 'string', multiple: true },
      'org-claim': { type: 'string' },
      'org-value': { type: 'string' },
    },
    1,
    'account name',
  );
  const issuer = required(values.issuer, '--issuer URL');
  const problem = issuerProblem(issuer);
  if (problem) throw new CliError(`--issuer: ${problem}`);
  const clientId = field(required(values['client-id'], '--client-id ID'), '--client-id');
  let secret = required(values['client-secret'], '--client-secret SECRET (or - to read it from standard input)');
  if (secret === '-') secret = await firstLine(io);
  if (secret === '' || /[\r\n]/.test(secret)) throw new CliError('--client-secret must be one non-empty line');
  const audience = field(required(values.audience, '--audience AUD'), '--audience');
  const domains = [...new Set((values.domain ?? []).map((d) => d.trim().toLowerCase()))].sort();
  for (const domain of domains)
    if (!isEmailDomain(domain))
      throw new CliError(`--domain must be an e-mail domain such as example.com; got ${JSON.stringify(domain)}`);
  const orgClaim = values['org-claim'] === undefined ? null : field(values['org-claim'], '--org-claim');
  const orgValue = values['org-value'] === undefined ? null : field(values['org-value'], '--org-value');
  if ((orgClaim === null) !== (orgValue === null))
    throw new CliError(
      '--org-claim and --org-value go together: the claim every token of this account carries, and its value',
    );

  const account = await enterpriseAccount(store, positionals[0]);
  let key: Buffer;
  try {
    const location = storeLocation(io.env);
    // The key file is one machine's; a PostgreSQL store is shared, so its key comes from the environment only.
    if (location.engine === 'postgres' && (io.env.USSYNTH_SECRET_KEY ?? '') === '')
      throw new Error('USSYNTH_SECRET_KEY is required with a PostgreSQL store: set it to the key the servers use');
    key = loadSecretKey(io.env.USSYNTH_SECRET_KEY, location.engine === 'sqlite' ? location.path : storePath({}));
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  let jwksUri: string;
  let discoveredIssuer: string;
  // openid-client loads only for this action, so the other commands start light.
  const { discoverProvider } = await import('../sso/provider-discovery.js');
  try {
    const metadata = (await discoverProvider(issuer, clientId, secret)).serverMetadata();
    if (!metadata.jwks_uri || !metadata.authorization_endpoint || !metadata.token_endpoint)
      throw new Error('the discovery document lacks jwks_uri, authorization_endpoint or token_endpoint');
    jwksUri = metadata.jwks_uri;
    discoveredIssuer = metadata.issuer;
  } catch (error) {
    throw new CliError(
      `discovery of ${issuer}/.well-known/openid-configuration failed: ${error instanceof Error ? error.message : String(error)}; check the issuer URL (it must match the document's "issuer" exactly)`,
      1,
    );
  }
  // A domain another account claims is a StoreConflictError, which withStore turns into a message and exit 1.
  await store.sso.setConnection(
    account.id,
    {
      issuer: discoveredIssuer,
      clientId,
      sealedClientSecret: sealSecret(key, clientSecretContext(account.id), secret),
      audience,
      jwksUri,
      orgClaim,
      orgValue,
      domains,
    },
    Date.now(),
  );
  const base = io.env.USSYNTH_PUBLIC_URL ? new URL(io.env.USSYNTH_PUBLIC_URL).origin : '<USSYNTH_PUBLIC_URL>';
  io.stdout.write(
    `${account.name} signs in through ${discoveredIssuer} (running servers apply it within a second).\n` +
      `  Register this redirect URI at the provider for client ${clientId}: ${base}${SSO_CALLBACK_PATH}\n` +
      `  /v1 calls now need x-api-key and Authorization: Bearer <access token with aud ${audience}${orgClaim ? ` and ${orgClaim}=${orgValue}` : ''}>\n` +
      (domains.length
        ? `  Dashboard sign-in for: ${domains.join(', ')}\n`
        : '  No --domain given: nobody can sign in to the dashboard through SSO yet.\n'),
  );
  return 0;
}

async function showSso(args: string[], io: CommandIo, store: Store): Promise<number> {
  const { values, positionals } = parse('accounts', args, { json: { type: 'boolean' } }, 1, 'account name');
  const account = await enterpriseAccount(store, positionals[0]);
  const connection = await store.sso.find(account.id);
  if (!connection)
    throw new CliError(
      `account ${JSON.stringify(account.name)} has no SSO; \`ussynth-server accounts sso set\` connects one`,
      1,
    );
  const shown = shownSettings(connection);
  if (values.json) {
    io.stdout.write(JSON.stringify(shown) + '\n');
    return 0;
  }
  const lines = [
    `${account.name}: SSO through ${shown.issuer}`,
    `  client id:      ${shown.clientId}`,
    '  client secret:  set (sealed; never shown)',
    `  audience:       ${shown.audience}`,
    `  org claim:      ${shown.orgClaim === null ? '-' : `${shown.orgClaim} = ${shown.orgValue}`}`,
    `  domains:        ${shown.domains.length ? shown.domains.join(', ') : '-'}`,
    `  JWKS:           ${shown.jwksUri}`,
    `  updated:        ${shown.updatedAt}`,
  ];
  io.stdout.write(lines.join('\n') + '\n');
  return 0;
}

async function removeSso(args: string[], io: CommandIo, store: Store): Promise<number> {
  const { positionals } = parse('accounts', args, {}, 1, 'account name');
  const account = await accountNamed(store, positionals[0]);
  if (!(await store.sso.remove(account.id)))
    throw new CliError(`account ${JSON.stringify(account.name)} has no SSO`, 1);
  io.stdout.write(`${account.name}: SSO removed; its keys work alone again (running servers within a second)\n`);
  return 0;
}

async function enterpriseAccount(store: Store, name: string) {
  const account = await accountNamed(store, name);
  if (account.tier !== 'enterprise') {
    throw new CliError(
      `account ${JSON.stringify(name)} is on ${account.tier}: SSO is part of Enterprise; \`ussynth-server accounts set ${name} --tier enterprise --rate N --monthly-quota N\` first`,
      1,
    );
  }
  return account;
}

function required(value: string | undefined, what: string): string {
  if (value === undefined || value === '') throw new CliError(`${what} is required`);
  return value;
}

function field(value: string, option: string): string {
  if (value.length > MAX_FIELD || /[\u0000-\u001f\u007f]/.test(value) || value.trim() !== value || value === '') {
    throw new CliError(
      `${option} must be 1 to ${MAX_FIELD} characters without control characters or surrounding spaces`,
    );
  }
  return value;
}

async function firstLine(io: CommandIo): Promise<string> {
  if (!io.stdin) throw new CliError('--client-secret - reads standard input, which this command does not have');
  let text = '';
  for await (const chunk of io.stdin) {
    text += String(chunk);
    if (text.includes('\n') || text.length > 4096) break;
  }
  return text.split(/\r?\n/, 1)[0];
}
