import { decodeJwt, errors, jwtVerify, type JWTPayload } from 'jose';
import type { Awaitable } from '../runtime/awaitable.js';
import { ProblemError } from '../problem/problem-error.js';
import { sha256Base64url } from '../crypto/sha256.js';
import type { SsoConnection, SsoStore } from '../store/sso-store.js';
import { JWKS_DEFAULTS, JwksKeys, ProviderUnavailableError, type JwksKeysOptions } from './jwks-keys.js';
import { SsoConnectionCache } from './sso-connection-cache.js';

/**
 * Signature algorithms accepted in access tokens: asymmetric only. Never
 * `none`, and never HMAC (HS256...), whose "secret" would be the provider's
 * public key, which anyone can read from its JWKS.
 */
export const TOKEN_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

/** Seconds of clock difference tolerated between the provider and this service (exp, nbf, iat). */
export const CLOCK_TOLERANCE_SECONDS = 60;

/** Longest a verified token is trusted without checking its signature again (a key withdrawn at the provider). */
export const VERIFIED_TOKEN_TTL_MS = 5 * 60_000;

// RFC 6750's credentials: the scheme (any case), spaces, then a b64token (a JWT is base64url and dots).
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/** A verified token as the cache keeps it, by the SHA-256 of the Authorization header that carried it. */
interface Verified {
  accountId: number;
  /** The connection's `updatedAt` when verified: changed settings verify again. */
  version: number;
  /** The token's `sub`. */
  sub: string;
  /** Epoch ms until which it is trusted: its `exp`, at most VERIFIED_TOKEN_TTL_MS after the check. */
  until: number;
}

/** Tuning of the verifier; the defaults are the service's. */
export interface SsoVerifierOptions {
  /** How long accounts' SSO settings are cached. */
  settingsTtlMs?: number;
  /** JWKS refetch cooldown and timeout. */
  jwks?: JwksKeysOptions;
}

/**
 * The `/v1` side of Enterprise SSO: for an account with an SSO connection,
 * the request must carry `Authorization: Bearer <JWT access token>` issued
 * by the account's provider; verified with jose against the provider's JWKS
 * (exact `iss`, `aud` containing the audience, `exp` required, `nbf`, the
 * algorithm allow-list, 60 s of tolerance) and the org claim. A verified
 * token is remembered by its SHA-256 until it expires (at most 5 minutes:
 * then its signature is checked again), so a repeated token
 * costs a hash and a map lookup. Answers problems from the catalogue:
 * 401 `sso_token_required`, 401 `invalid_token`, 403
 * `sso_account_mismatch`, 503 `idp_unavailable`.
 * @example const sub = await verifier.check(7, request.headers.authorization, Date.now()); // null: no SSO
 */
export class SsoVerifier {
  private readonly connections: SsoConnectionCache;
  private readonly verified = new Map<string, Verified>();
  private readonly keySets = new Map<string, JwksKeys>();
  private readonly jwks: JwksKeysOptions;

  constructor(
    private readonly store: SsoStore,
    options: SsoVerifierOptions = {},
  ) {
    this.connections = new SsoConnectionCache(store, options.settingsTtlMs);
    this.jwks = options.jwks ?? JWKS_DEFAULTS;
  }

  /**
   * The token's `sub` when the account needs SSO and the token is good,
   * null when the account has no SSO; at once when both the settings and the
   * token are cached, else a promise. Throws (or rejects with) a ProblemError.
   */
  check(accountId: number, authorization: string | undefined, now: number): Awaitable<string | null> {
    const connection = this.connections.peek(accountId, now);
    if (connection === null) return null;
    if (connection === undefined)
      return this.connections
        .load(accountId, now)
        .then((loaded) => (loaded === null ? null : this.checkToken(loaded, authorization, now)));
    return this.checkToken(connection, authorization, now);
  }

  private checkToken(connection: SsoConnection, authorization: string | undefined, now: number): Awaitable<string> {
    if (authorization === undefined || authorization === '') {
      throw new ProblemError(
        'sso_token_required',
        `account ${connection.accountName} signs in through SSO: send an access token of ${connection.issuer} (audience ${connection.audience}) as Authorization: Bearer <token> next to x-api-key`,
        {
          headers: { 'www-authenticate': 'Bearer realm="ussynth"' },
        },
      );
    }
    // Cached by the header as sent: a hit is a header whose token was verified (only those are cached), so the
    // header is parsed only on a miss (the parse of a 1 KB header costs as much as its digest).
    const digest = sha256Base64url(authorization);
    const hit = this.verified.get(digest);
    if (
      hit !== undefined &&
      hit.accountId === connection.accountId &&
      hit.version === connection.updatedAt &&
      hit.until > now
    )
      return hit.sub;
    const token = BEARER.exec(authorization)?.[1];
    if (token === undefined) throw invalidToken('the Authorization header must be "Bearer <token>"');
    return this.verify(token, digest, connection, now);
  }

  private async verify(token: string, headerDigest: string, connection: SsoConnection, now: number): Promise<string> {
    let issuer: unknown;
    try {
      issuer = decodeJwt(token).iss;
    } catch {
      throw invalidToken('the bearer token is not a JWT');
    }
    if (issuer !== connection.issuer) {
      if (typeof issuer === 'string' && (await this.validForAnotherAccount(token, issuer, connection.accountId, now)))
        throw mismatch('the token was issued for another account');
      throw invalidToken(`the token's issuer is not ${connection.issuer}`);
    }
    let payload: JWTPayload;
    try {
      payload = await this.verifyWith(token, connection, now);
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw providerUnavailable(error, this.jwks.cooldownMs);
      // Same provider, another account's audience or org (a provider shared by several accounts).
      if (
        error instanceof errors.JWTClaimValidationFailed &&
        error.claim === 'aud' &&
        (await this.validForAnotherAccount(token, issuer, connection.accountId, now))
      ) {
        throw mismatch('the token was issued for another account');
      }
      throw invalidToken(reason(error));
    }
    if (!orgMatches(payload, connection)) {
      throw mismatch(`the token's ${connection.orgClaim} claim is not this account's organisation`);
    }
    if (typeof payload.sub !== 'string' || payload.sub === '') throw invalidToken('the token has no sub claim');
    if (this.verified.size >= 100_000) this.verified.clear();
    this.verified.set(headerDigest, {
      accountId: connection.accountId,
      version: connection.updatedAt,
      sub: payload.sub,
      until: Math.min(payload.exp! * 1000, now + VERIFIED_TOKEN_TTL_MS),
    });
    return payload.sub;
  }

  private async verifyWith(token: string, connection: SsoConnection, now: number): Promise<JWTPayload> {
    const { payload } = await jwtVerify(token, this.keysOf(connection.jwksUri).getKey, {
      issuer: connection.issuer,
      audience: connection.audience,
      algorithms: TOKEN_ALGORITHMS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp'],
      currentDate: new Date(now),
    });
    return payload;
  }

  // Whether the token is a good token of another account with SSO (then the answer is 403, not 401).
  private async validForAnotherAccount(
    token: string,
    issuer: string,
    accountId: number,
    now: number,
  ): Promise<boolean> {
    for (const other of await this.store.findByIssuer(issuer)) {
      if (other.accountId === accountId) continue;
      try {
        if (orgMatches(await this.verifyWith(token, other, now), other)) return true;
      } catch {
        // Not that account's token either.
      }
    }
    return false;
  }

  private keysOf(jwksUri: string): JwksKeys {
    let keys = this.keySets.get(jwksUri);
    if (!keys) this.keySets.set(jwksUri, (keys = new JwksKeys(jwksUri, this.jwks)));
    return keys;
  }
}

function orgMatches(payload: JWTPayload, connection: SsoConnection): boolean {
  if (connection.orgClaim === null) return true;
  const value = payload[connection.orgClaim];
  return value === connection.orgValue || (Array.isArray(value) && value.includes(connection.orgValue));
}

function reason(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'the token has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return "the token's audience does not include this service";
    if (error.claim === 'nbf') return 'the token is not valid yet (nbf)';
    if (error.claim === 'exp') return 'the token has no expiry (exp)';
    return `the token's ${error.claim} claim is invalid`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported)
    return "the token's signature algorithm is not accepted (asymmetric algorithms only)";
  if (error instanceof errors.JWKSNoMatchingKey) return 'the token is signed with a key the provider does not publish';
  if (error instanceof errors.JWSSignatureVerificationFailed) return "the token's signature is not valid";
  return 'the token is malformed';
}

function invalidToken(detail: string): ProblemError {
  return new ProblemError('invalid_token', detail, { headers: { 'www-authenticate': 'Bearer error="invalid_token"' } });
}

function mismatch(detail: string): ProblemError {
  return new ProblemError(
    'sso_account_mismatch',
    `${detail}: use a token of this account's provider with this account's key`,
  );
}

function providerUnavailable(error: ProviderUnavailableError, cooldownMs: number): ProblemError {
  return new ProblemError(
    'idp_unavailable',
    `${error.message}; tokens signed with keys already known keep working, retry shortly`,
    {
      headers: { 'retry-after': String(Math.max(1, Math.ceil(cooldownMs / 1000))) },
    },
  );
}
