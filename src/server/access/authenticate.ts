import type { FastifyReply, FastifyRequest } from 'fastify';
import { digestMatches, parseKey } from '../../store/api-key.js';
import { ProblemError } from '../problem/problem-error.js';
import { rateLimitHeaders } from './rate-limit-headers.js';

// Query names a client might put a key in; keys are refused there (URLs end up in logs and histories).
const KEY_PARAM = /key|token|secret|auth/i;
const KEY_VALUE = /uss_(?:live|test)_/;

/**
 * onRequest hook of the API routes: refuses keys in the query, checks the
 * `x-api-key` header (shape and checksum first, then the store, then a
 * constant-time digest comparison), then takes one request from the key's
 * token bucket. Fails closed: a store error is a 503, never a pass.
 * @example api.addHook('onRequest', authenticate)
 */
export async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const query = request.query as Record<string, unknown>;
  for (const name of Object.keys(query)) {
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
  let key;
  try {
    key = await services.keys!.get(parsed.id, services.clock());
  } catch (error) {
    request.log.error({ err: error }, 'key store unavailable');
    throw new ProblemError('service_unavailable', 'the key store is unavailable; retry shortly', { headers: { 'retry-after': '1' } });
  }
  if (!key || !digestMatches(presented as string, key.digest)) {
    throw new ProblemError('invalid_api_key', `no API key matches (key id ${parsed.id})`);
  }
  const now = services.clock();
  if (key.revokedAt !== null || (key.expiresAt !== null && key.expiresAt <= now)) {
    throw new ProblemError('revoked_api_key', `API key ${key.id} was ${key.revokedAt !== null ? 'revoked' : 'rotated and its grace period has ended'}`);
  }
  const rate = await services.rateLimiter.take(key.id, key.rate, now);
  request.access = { key, rate, records: 0 };
  if (!rate.allowed) {
    reply.headers(await rateLimitHeaders(request));
    throw new ProblemError('rate_limited', `more than ${key.rate} requests per second for key ${key.id}; retry after ${rate.retryAfterSeconds} s`, {
      headers: { 'retry-after': String(rate.retryAfterSeconds) },
    });
  }
}
