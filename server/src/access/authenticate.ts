import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateDecision } from '../limits/rate-limiter.js';
import type { KeyRecord } from '../store/key-store.js';
import type { KeyClaim } from '../sla/key-claim.js';
import type { KeyCache } from './key-cache.js';
import { checksumValid, keyDigest, keyShape } from '../store/api-key.js';
import { KEY_LIKE_NAME } from '../observability/redacted-url.js';
import { ProblemError } from '../problem/problem-error.js';
import { setRateLimitHeaders } from './rate-limit-headers.js';
import { storeUnavailableProblem } from '../problem/store-unavailable-problem.js';
import { noPlanText } from '../billing/no-plan-text.js';

/**
 * onRequest hook of the API routes: refuses keys in the query, checks the
 * `x-api-key` header (shape, then its checksum before any store lookup,
 * then the record, cached or from the store, and a constant-time digest
 * comparison), then takes one request from the key's
 * token bucket. Fails closed: a store error is a 503, never a pass.
 * @example api.addHook('onRequest', authenticate)
 */
export async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  // Keys are refused in query names a client might put one in (URLs end up in logs and histories). Anything shaped
  // like a key, anywhere in the URL, is refused for every path by the request limits hook (hooks/request-limits.ts).
  const query = request.query as Record<string, unknown>;
  for (const name in query) {
    if (KEY_LIKE_NAME.test(name)) {
      throw new ProblemError(
        'api_key_in_query',
        'API keys are never accepted in the query string; send the key in the x-api-key header (and consider rotating it, the URL may have been logged on the way)',
        { param: name },
      );
    }
  }
  const presented = request.headers['x-api-key'];
  if (presented === undefined || presented === '') {
    throw await failed(request, new ProblemError('missing_api_key', 'send your API key in the x-api-key header'));
  }
  const shape = typeof presented === 'string' ? keyShape(presented) : undefined;
  if (!shape) throw await failed(request, malformedKey());
  const services = request.server.ussynth;
  const keys = services.keys;
  const now = services.clock();
  // A mistyped key is refused here, before any store lookup.
  if (!checksumValid(presented as string)) throw await failed(request, malformedKey());
  let record: KeyRecord | undefined;
  try {
    record = await keys.get(shape.id, now);
  } catch (error) {
    request.keyClaim = keyClaim(keys, shape.id, presented as string);
    throw storeUnavailableProblem(request, error, 'key store');
  }
  if (!record || !keys.verify(record, presented as string)) {
    throw await failed(request, new ProblemError('invalid_api_key', `no API key matches (key id ${shape.id})`));
  }
  await admit(request, reply, record, now);
}

/**
 * Whose request this is, for the SLA, when the key could not be read: the account of the key as this instance last
 * read it when the presented key matches its digest, else the key's id and the presented key's digest, attributed
 * once the store answers (docs/sla.md).
 */
function keyClaim(keys: KeyCache, id: string, presented: string): KeyClaim {
  const known = keys.lastKnown(id);
  if (known && keys.verify(known, presented)) return { accountId: known.accountId };
  return { keyId: id, digest: keyDigest(presented).toString('hex') };
}

/** The answer to a failed authentication: its 401, or 429 once the client's address failed too often (AuthFailureLimit). */
function failed(request: FastifyRequest, problem: ProblemError): Promise<ProblemError> {
  return request.server.ussynth.authFailures.refusal(request, problem);
}

/** Refuses a revoked or expired key, then takes one request from its token bucket. */
async function admit(request: FastifyRequest, reply: FastifyReply, record: KeyRecord, now: number): Promise<void> {
  if (record.revokedAt !== null || (record.expiresAt !== null && record.expiresAt <= now)) {
    throw await failed(
      request,
      new ProblemError(
        'revoked_api_key',
        `API key ${record.id} was ${record.revokedAt !== null ? 'revoked' : 'rotated and its grace period has ended'}`,
      ),
    );
  }
  // No paid plan (never subscribed, canceled, or a past-due grace that ended): 402, counted as refused. The plan's
  // end is read with the key, so a change applies on every instance within the key cache's TTL.
  if (record.planEndsAt !== null && record.planEndsAt <= now) throw refuseUnpaid(request, record, now);
  const rate = await request.server.ussynth.rateLimiter.take(record.id, record.rate, now);
  await settle(request, reply, record, rate, now);
}

function refuseUnpaid(request: FastifyRequest, record: KeyRecord, now: number): ProblemError {
  const { activity, metrics, billing } = request.server.ussynth;
  activity.used(record.id, now);
  activity.refused(record.accountId, 'subscription_required', now);
  metrics.decided('subscription_refused');
  return new ProblemError(
    'subscription_required',
    `${noPlanText(record.accountName, billing.mode)}; key ${record.id} works within a second of the account getting one`,
  );
}

function malformedKey(): ProblemError {
  return new ProblemError(
    'malformed_api_key',
    'the x-api-key header is not a well-formed ussynth key (uss_live_… or uss_test_…, 47 characters, valid checksum); check for a copy-paste error',
  );
}

/** Records the access and answers the rate-limit decision (429 with the RateLimit headers when refused). */
async function settle(
  request: FastifyRequest,
  reply: FastifyReply,
  key: KeyRecord,
  rate: RateDecision,
  now: number,
): Promise<void> {
  // Every field set at once: one object shape for every request.
  request.access = { key, rate, quota: undefined, records: 0, now };
  const { activity, metrics, keyAdmission } = request.server.ussynth;
  activity.used(key.id, now);
  if (rate.allowed) {
    metrics.decided('rate_allowed');
    // The key's share of the records in the making: past it the request waits, unstarted and uncharged.
    await new Promise<void>((resolve, reject) => {
      if (keyAdmission.admit(request, key.id, (error) => (error ? reject(error) : resolve()))) resolve();
    });
    return;
  }
  metrics.decided('rate_refused');
  activity.refused(key.accountId, 'rate_limited', now);
  await setRateLimitHeaders(request, reply);
  throw new ProblemError(
    'rate_limited',
    `more than ${key.rate} requests per second for key ${key.id}; retry after ${rate.retryAfterSeconds} s`,
    {
      headers: { 'retry-after': String(rate.retryAfterSeconds) },
    },
  );
}
