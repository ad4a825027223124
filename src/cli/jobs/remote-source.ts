import { createClient, UssynthApiError, type UssynthClient } from '../../client/index.js';
import { CliError } from '../command.js';

/**
 * The environment variable `--remote` reads the API key from; never a flag,
 * so the key stays out of shell history and process lists.
 * @example USSYNTH_API_KEY=uss_live_… ussynth address --count 5000 --remote https://api.example.com
 */
export const API_KEY_ENV = 'USSYNTH_API_KEY';

/**
 * Where a `--remote` run fetches its records.
 * @example const source: RemoteSource = { url: 'https://api.example.com', client: createClient({ baseUrl, apiKey }) }
 */
/**
 * The kinds whose streams the API serves, so `--remote` can page them.
 * @example REMOTE_KINDS.includes('ein') // true
 */
export const REMOTE_KINDS = ['address', 'ein', 'phone'] as const;

export interface RemoteSource {
  /** The `--remote` URL as given, for messages. */
  url: string;
  client: UssynthClient;
}

/**
 * What a record command was asked for, as far as `--remote` cares.
 * @example const asked: RemoteRequest = { kind: 'ein', count: 1, seed: undefined, jobs: false, emailDomain: false, fictionalPhones: false }
 */
export interface RemoteRequest {
  /** The kind's name: one of {@link REMOTE_KINDS}. */
  kind: string;
  count: number;
  /** `--seed` as given. */
  seed: string | undefined;
  /** Whether each of these options was given. */
  jobs: boolean;
  emailDomain: boolean;
  fictionalPhones: boolean;
}

/**
 * Checks a `--remote URL` run before anything is fetched or written: the key
 * in USSYNTH_API_KEY, the URL, and the options the API cannot serve, each
 * refused with a CliError (status 2) that says why.
 * @example remoteSource('http://127.0.0.1:3000', { kind: 'address', count: 100, seed: '42', jobs: false, emailDomain: false, fictionalPhones: false }, process.env)
 */
export function remoteSource(url: string, asked: RemoteRequest, env: NodeJS.ProcessEnv): RemoteSource {
  if (!(REMOTE_KINDS as readonly string[]).includes(asked.kind))
    throw new CliError(`--remote: the API has no ${asked.kind} stream (it serves ${REMOTE_KINDS.join(', ')})`);
  if (asked.jobs)
    throw new CliError(
      '--jobs cannot be combined with --remote: the API makes the records (a few pages in flight), not worker threads',
    );
  if (asked.emailDomain)
    throw new CliError('--email-domain cannot be combined with --remote: the API has no e-mail domain option');
  const apiKey = env[API_KEY_ENV];
  if (apiKey === undefined || apiKey === '') {
    throw new CliError(
      `--remote needs the API key in the ${API_KEY_ENV} environment variable (never a flag, so it stays out of shell history and process lists)`,
    );
  }
  try {
    return { url, client: createClient({ baseUrl: url, apiKey }) };
  } catch (error) {
    // The client's messages name its options; here they are the URL and the variable.
    if (error instanceof UssynthApiError && error.param === 'apiKey')
      throw new CliError(`${API_KEY_ENV}: ${error.message.replace(/^apiKey/, 'the key')}`);
    if (error instanceof UssynthApiError)
      throw new CliError(`--remote ${url}: ${error.message.replace(/^baseUrl/, 'the URL')}`);
    throw error;
  }
}
