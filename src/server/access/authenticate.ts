import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { isPromise } from '../../awaitable.js';
import type { RateDecision } from '../../limits/rate-limiter.js';
import type { KeyRecord } from '../../store/store.js';
import { parseKey } from '../../store/api-key.js';
import { ProblemError } from '../problem/problem-error.js';
import { rateLimitHeaders } from './rate-limit-headers.js';

// Query names a client might put a key in; keys are refused there (URLs end up in logs and histories).
const KEY_PARAM = /key|token|secret|auth/i;
const KEY_VALUE = /uss_(?:live|test)_/;

/**
 * onRequest hook of the API routes: refuses keys in the query, checks the
 * `x-api-key` header (shape and checksum first, then the store, then a
 * constant-time digest comparison), then takes one request from the key's
 * token bucket. Fails closed: a store error is a 503, never a pass. Runs
 * synchronously when the key is cached and the limiter answers at once (the
 * common case), else continues when the store or limiter answers.
 * @example api.addHook('onRequest', authenticate)
 */
export function authenticate(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const query = request.query as Record<string, unknown>;
  for (const name in query) {
    if (KEY_PARAM.test(name) || KEY_VALUE.test(String(query[name]))) {
      throw new ProblemError('api_key_in_query', 'API keys are never accepted in the query string; send the key in the x-api-key header (and consider rotating it, the URL may have been logged on the way)', { param: name });
    }
  }
  const presented = request.headers['x-api-key'];
  if (presented === undefined || presented === '') {
    throw new ProblemError('missing_api_key', 'send your API key in the x-api-key header');
  }
  const parsed = typeof presented === 'string' ? parseKey(presented) : undefined;
  if (!parsed) {
    throw new ProblemError('malformed_api_key', 'the x-api-key header is not a well-formed ussynth key (uss_live_… or uss_test_…, 47 characters, valid checksum); check for a copy-paste error');
  }
  const services = request.server.ussynth;
  const now = services.clock();
  let key;
  try {
    key = services.keys!.get(parsed.id, now);
  } catch (error) {
    throw keyStoreUnavailable(request, error);
  }
  const admit = (record: KeyRecord | undefined) => {
    if (!record || !services.keys!.verify(record, presented as string)) {
      throw new ProblemError('invalid_api_key', `no API key matches (key id ${parsed.id})`);
    }
    if (record.revokedAt !== null || (record.expiresAt !== null && record.expiresAt <= now)) {
      throw new ProblemError('revoked_api_key', `API key ${record.id} was ${record.revokedAt !== null ? 'revoked' : 'rotated and its grace period has ended'}`);
    }
    const rate = services.rateLimiter.take(record.id, record.rate, now);
    if (isPromise(rate)) rate.then((decision) => settle(request, reply, record, decision, done), done);
    else settle(request, reply, record, rate, done);
  };
  if (!isPromise(key)) return admit(key);
  key.then(
    (record) => {
      try {
        admit(record);
      } catch (error) {
        done(error as Error);
      }
    },
    (error: unknown) => done(keyStoreUnavailable(request, error)),
  );
}

/** Records the access and answers the rate-limit decision (429 with the RateLimit headers when refused). */
function settle(request: FastifyRequest, reply: FastifyReply, key: KeyRecord, rate: RateDecision, done: HookHandlerDoneFunction): void {
  request.access = { key, rate, records: 0 };
  if (rate.allowed) return done();
  const refuse = (headers: Record<string, string>) => {
    reply.headers(headers);
    done(
      new ProblemError('rate_limited', `more than ${key.rate} requests per second for key ${key.id}; retry after ${rate.retryAfterSeconds} s`, {
        headers: { 'retry-after': String(rate.retryAfterSeconds) },
      }),
    );
  };
  const headers = rateLimitHeaders(request);
  if (isPromise(headers)) headers.then(refuse, done);
  else refuse(headers);
}

function keyStoreUnavailable(request: FastifyRequest, error: unknown): ProblemError {
  request.log.error({ err: error }, 'key store unavailable');
  return new ProblemError('service_unavailable', 'the key store is unavailable; retry shortly', { headers: { 'retry-after': '1' } });
}
