import { JWKS_MAX_KEYS, ProviderDocumentTooLargeError, readCapped } from './provider-documents.js';
import {
  createLocalJWKSet,
  errors,
  type JSONWebKeySet,
  type JWSHeaderParameters,
  type FlattenedJWSInput,
  type CryptoKey,
} from 'jose';

/** The provider's keys could not be read (down, timing out, answering garbage) while a token needed them. */
export class ProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}

/** Timing of a key set's fetches. */
export interface JwksKeysOptions {
  /** At most one fetch per this many ms for an unknown `kid` (also the wait after a failed fetch). */
  cooldownMs: number;
  /** Longest wait for the provider's answer. */
  timeoutMs: number;
  /** After this long the set is read again in the background (a key the provider withdrew stops working). */
  maxAgeMs: number;
}

/** The default refetch cooldown and request timeout. */
export const JWKS_DEFAULTS: JwksKeysOptions = { cooldownMs: 5000, timeoutMs: 5000, maxAgeMs: 10 * 60_000 };

/**
 * A provider's published signing keys (its JWKS), fetched on first use and
 * kept for as long as the process runs, as the key resolver of jose's
 * `jwtVerify`. A token whose `kid` is unknown triggers a refetch (a key
 * rotation), at most once per cooldown, so forged kids cannot make the
 * service hammer the provider; a set older than `maxAgeMs` is read again in
 * the background, so a withdrawn key stops working. Unlike jose's
 * createRemoteJWKSet, keys are never dropped because the provider cannot be
 * reached: while it is down, tokens signed with a known key keep verifying,
 * and an unknown kid (or no keys yet) is a ProviderUnavailableError, not a
 * bad token. A set over 256 KiB or 100 keys is refused like an unreachable
 * provider (the keys at hand are kept).
 * @example const { payload } = await jwtVerify(token, new JwksKeys('https://idp.example/jwks').getKey, { algorithms: ['RS256'] });
 */
export class JwksKeys {
  private local: ReturnType<typeof createLocalJWKSet> | undefined;
  private fetchedAt = Number.NEGATIVE_INFINITY;
  private failedAt = Number.NEGATIVE_INFINITY;
  private failure = '';
  private pending: Promise<void> | undefined;

  constructor(
    private readonly url: string,
    private readonly options: JwksKeysOptions = JWKS_DEFAULTS,
  ) {}

  /** jose's key resolver: the key for this header, refetching the set once per cooldown for an unknown kid. */
  readonly getKey = async (header: JWSHeaderParameters, token: FlattenedJWSInput): Promise<CryptoKey> => {
    if (!this.local) await this.reload();
    // Stale: refreshed behind this request, which uses the keys at hand (a failure keeps them).
    else if (performance.now() - this.fetchedAt > this.options.maxAgeMs && !this.pending) this.reload().catch(() => {});
    try {
      return await this.local!(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
      // Fetched a moment ago and still unknown: a forged or foreign kid, not a rotation.
      if (performance.now() - this.fetchedAt < this.options.cooldownMs) throw error;
      await this.reload();
      return this.local!(header, token);
    }
  };

  private reload(): Promise<void> {
    if (performance.now() - this.failedAt < this.options.cooldownMs) {
      return Promise.reject(
        new ProviderUnavailableError(
          `the provider's keys (${this.url}) could not be read a moment ago: ${this.failure}`,
        ),
      );
    }
    // One fetch at a time: concurrent requests with the new kid wait for the same answer.
    this.pending ??= this.fetchKeys().finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async fetchKeys(): Promise<void> {
    try {
      // No redirects: the key set is read from the URL discovery gave, nowhere else.
      const response = await fetch(this.url, {
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs),
        headers: { accept: 'application/jwk-set+json, application/json' },
      });
      if (response.status !== 200) {
        await response.body?.cancel().catch(() => {});
        throw new Error(`it answered HTTP ${response.status}`);
      }
      // Bounded: at most 256 KiB read and 100 keys kept, whatever the provider publishes.
      const set = JSON.parse((await readCapped(response)).toString('utf8')) as JSONWebKeySet;
      if (!Array.isArray(set?.keys)) throw new Error('its answer is not a key set (no "keys" array)');
      if (set.keys.length > JWKS_MAX_KEYS)
        throw new ProviderDocumentTooLargeError(
          `it publishes ${set.keys.length} keys, over the ${JWKS_MAX_KEYS} the service reads`,
        );
      this.local = createLocalJWKSet(set);
      this.fetchedAt = performance.now();
    } catch (error) {
      this.failedAt = performance.now();
      // fetch says only "fetch failed"; the cause names the network error (ECONNREFUSED, ENOTFOUND...).
      const code = (error as { cause?: { code?: unknown } }).cause?.code;
      this.failure =
        (error instanceof Error ? error.message : String(error)) + (typeof code === 'string' ? ` (${code})` : '');
      throw new ProviderUnavailableError(`the provider's keys (${this.url}) could not be read: ${this.failure}`);
    }
  }
}
