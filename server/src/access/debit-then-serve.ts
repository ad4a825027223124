import type { FastifyReply, FastifyRequest } from 'fastify';
import type { QuotaDecision } from '../limits/monthly-quota.js';
import { ProblemError } from '../problem/problem-error.js';
import { setRateLimitHeaders } from './rate-limit-headers.js';
import { refundUndelivered } from './refund-undelivered.js';
import { durableDebit } from './durable-debit.js';
import { storeUnavailableProblem } from '../problem/store-unavailable-problem.js';

/**
 * Debits `records` from the account's monthly quota, then sets the RateLimit
 * headers and makes the body: nothing is generated or served unless the
 * debit is granted and durable.
 * Refuses with 429 quota_exceeded (Retry-After until the month resets),
 * saying how many records remain; never overruns the quota.
 *
 * The body is made once the debit is durable: after the embedded ledger's
 * journal write, or at the end of this event-loop turn (`endOfTurn`) for a
 * debit durable already.
 * @example return debitThenServe(request, reply, 1, () => generator.ein());
 */
export async function debitThenServe<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  records: number,
  body: () => T,
): Promise<T | undefined> {
  const access = request.access;
  if (!access) throw new Error('debitThenServe called on a route without authentication');
  const services = request.server.ussynth;
  const now = access.now;
  // Nobody would receive the body: charge nothing (a connection that closes later has its charge given back).
  if (request.raw.socket?.destroyed) throw connectionClosed();
  if (request.method === 'HEAD') return headers(request, reply, records);
  let granted: QuotaDecision;
  try {
    granted = await services.quota.debit(access.key.accountId, records, access.key.monthlyQuota, now);
  } catch (error) {
    throw storeUnavailableProblem(request, error, 'usage store');
  }
  access.quota = granted;
  // At once: the decision is known (a refusal carries them too).
  await setRateLimitHeaders(request, reply);
  services.metrics.decided(granted.granted ? 'quota_granted' : 'quota_refused');
  services.quotaNotices.observed(access.key.accountId, access.key.monthlyQuota, granted.remaining, now);
  if (!granted.granted) {
    services.activity.refused(access.key.accountId, 'quota_exceeded', now);
    throw quotaExceeded(records, granted, access.key.monthlyQuota, now);
  }
  access.records = records;
  // Granted after the connection closed (a store that answered later): given back at once.
  if (request.raw.socket?.destroyed) void refundUndelivered(request);
  try {
    await durableDebit(granted);
  } catch (error) {
    throw undone(request, error);
  }
  // Counted for the dashboard once durable: a debit undone after a failed write was never used.
  services.activity.debited(access.key.accountId, records, now);
  return body();
}

/**
 * HEAD: the GET's status and headers (RateLimit from a peek at the quota, 429
 * `quota_exceeded` when the GET would get it) without a body; nothing is
 * generated and nothing charged.
 */
async function headers(request: FastifyRequest, reply: FastifyReply, records: number): Promise<undefined> {
  const access = request.access!;
  const { key, now } = access;
  let decision: QuotaDecision;
  try {
    decision = await request.server.ussynth.quota.peek(key.accountId, key.monthlyQuota, now);
  } catch (error) {
    throw storeUnavailableProblem(request, error, 'usage store');
  }
  access.quota = decision;
  await setRateLimitHeaders(request, reply);
  if (decision.remaining < records) throw quotaExceeded(records, decision, key.monthlyQuota, now);
  reply.type('application/json; charset=utf-8').send();
  return undefined;
}

function quotaExceeded(records: number, decision: QuotaDecision, quota: number, now: number): ProblemError {
  const resetsAt = new Date(now + decision.resetSeconds * 1000).toISOString().replace(/T.*/, '');
  return new ProblemError(
    'quota_exceeded',
    `this request needs ${records} record${records === 1 ? '' : 's'} but ${decision.remaining} of the monthly quota of ${quota} remain; the quota resets on ${resetsAt} 00:00 UTC`,
    { remaining: decision.remaining, headers: { 'retry-after': String(decision.resetSeconds) } },
  );
}

/** A debit that could not be made durable was undone: nothing is left to give back if the connection closes. */
function undone(request: FastifyRequest, error: unknown): ProblemError {
  request.access!.records = 0;
  return storeUnavailableProblem(request, error, 'usage store');
}

function connectionClosed(): ProblemError {
  return new ProblemError('service_unavailable', 'the connection closed before the response could be made');
}
