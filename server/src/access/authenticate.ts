import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { RateDecision } from '../limits/rate-limiter.js';
import type { KeyRecord } from '../store/store.js';
import { checksumValid, keyShape } from '../store/api-key.js';
import { ProblemError } from '../problem/problem-error.js';
import { setRateLimitHeaders } from './rate-limit-headers.js';
import { storeUnavailableProblem } from '../problem/store-unavailable-problem.js';

// Query names a client might put a key in; keys are refused there (URLs end up in logs and histories). Anything
// shaped like a key, anywhere in the URL, is refused for every path by the app's onRequest hook.
const KEY_PARAM = /key|token|secret|auth/i;

/**
 * onRequest hook of the API routes: refuses keys in the query, checks the
 * `x-api-key` header (shape; then, unless it is the key that matched the
 * cached record, its checksum before any store lookup, then the store and a
 * constant-time digest comparison), then takes one request from the key's
 * token bucket, then lets the connection guard admit the key's records.
 * Fails closed: a store error is a 503, never a pass.
 * @example api.addHook('onRequest', authenticate)
 */
export function authenticate(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  admitted(request, reply).then(
    // The key's share of the records in the making: past it the request waits, unstarted and uncharged.
    (key) => {
      if (request.server.connections.admitKey(request, key.id, done)) done();
    },
    (error: unknown) => done(error as Error),
  );
}

/** The key of a request that may proceed (authenticated, not revoked, within its rate); else throws its problem. */
async function admitted(request: FastifyRequest, reply: FastifyReply): Promise<KeyRecord> {
  const query = request.query as Record<string, unknown>;
  for (const name in query) {
    if (KEY_PARAM.test(name)) {
      throw new ProblemError('api_key_in_query', 'API keys are never accepted in the query string; send the key in the x-api-key header (and consider rotating it, the URL may have been logged on the way)', { param: name });
    }
  }
  const presented = request.headers['x-api-key'];
  if (presented === undefined || presented === '') throw await failed(request, new ProblemError('missing_api_key', 'send your API key in the x-api-key header'));
  const shape = typeof presented === 'string' ? keyShape(presented) : undefined;
  if (!shape) throw await failed(request, malformedKey());
  const services = request.server.ussynth;
  const keys = services.keys!;
  const now = services.clock();
  // The common case: the key that matched this cached record a moment ago (which proves its checksum too).
  const cached = keys.peek(shape.id, now);
  let record: KeyRecord | undefined;
  if (cached !== undefined && keys.matchesVerified(cached, presented as string)) {
    record = cached;
  } else {
    // A mistyped key is refused here, before any store lookup.
    if (!checksumValid(presented as string)) throw await failed(request, malformedKey());
    try {
      record = await keys.get(shape.id, now);
    } catch (error) {
      throw storeUnavailableProblem(request, error, 'key store');
    }
    if (!record || !keys.verify(record, presented as string)) throw await failed(request, new ProblemError('invalid_api_key', `no API key matches (key id ${shape.id})`));
  }
  if (record.revokedAt !== null || (record.expiresAt !== null && record.expiresAt <= now)) {
    throw await failed(request, new ProblemError('revoked_api_key', `API key ${record.id} was ${record.revokedAt !== null ? 'revoked' : 'rotated and its grace period has ended'}`));
  }
  const rate = await services.rateLimiter.take(record.id, record.rate, now);
  await settle(request, reply, record, rate, now);
  return record;
}

/** The answer to a failed authentication: its 401, or 429 once the client's address failed too often (AuthFailureLimit). */
function failed(request: FastifyRequest, problem: ProblemError): Promise<ProblemError> {
  return request.server.ussynth.authFailures!.refusal(request, problem);
}

function malformedKey(): ProblemError {
  return new ProblemError('malformed_api_key', 'the x-api-key header is not a well-formed ussynth key (uss_live_… or uss_test_…, 47 characters, valid checksum); check for a copy-paste error');
}

/** Records the access and answers the rate-limit decision (throws 429 with the RateLimit headers when refused). */
async function settle(request: FastifyRequest, reply: FastifyReply, key: KeyRecord, rate: RateDecision, now: number): Promise<void> {
  // Every field set at once: one object shape for every request.
  request.access = { key, rate, quota: undefined, records: 0, now };
  const { activity, metrics } = request.server.ussynth;
  activity?.used(key.id, now);
  if (rate.allowed) {
    metrics?.decided('rate_allowed');
    return;
  }
  metrics?.decided('rate_refused');
  activity?.refused(key.accountId, 'rate_limited', now);
  await setRateLimitHeaders(request, reply);
  throw new ProblemError('rate_limited', `more than ${key.rate} requests per second for key ${key.id}; retry after ${rate.retryAfterSeconds} s`, {
    headers: { 'retry-after': String(rate.retryAfterSeconds) },
  });
}
