import type { FastifyReply, FastifyRequest } from 'fastify';
import { isPromise, type Awaitable } from '../runtime/awaitable.js';
import type { QuotaDecision } from '../limits/monthly-quota.js';
import { durableDebit } from '../store/store.js';
import { ProblemError } from '../problem/problem-error.js';
import { setRateLimitHeaders } from './rate-limit-headers.js';
import { refundUndelivered } from './refund-undelivered.js';
import { endOfTurn } from './end-of-turn.js';
import { storeUnavailableProblem } from '../problem/store-unavailable-problem.js';

/**
 * Debits `records` from the account's monthly quota, then sets the RateLimit
 * headers and makes the body: nothing is generated or served unless the
 * debit is granted and durable.
 * Refuses with 429 quota_exceeded (Retry-After until the month resets),
 * saying how many records remain; never overruns the quota.
 *
 * When the quota decides at once, returns `undefined` and the body is made
 * and sent by a callback once the debit is durable (the embedded ledger's
 * journal write, or `endOfTurn` for a debit durable already: either way at
 * the end of this event-loop turn), which Fastify allows a handler that
 * returns nothing; a promise when the quota answers with one (a reservation
 * from a networked store).
 * @example return debitThenServe(request, reply, 1, () => generator.ein());
 */
export function debitThenServe<T>(request: FastifyRequest, reply: FastifyReply, records: number, body: () => T): Awaitable<T | undefined> {
  const access = request.access;
  if (!access) throw new Error('debitThenServe called on a route without authentication');
  const services = request.server.ussynth;
  const now = access.now;
  // Nobody would receive the body: charge nothing (a connection that closes later has its charge given back).
  if (request.raw.socket?.destroyed) throw connectionClosed();
  if (request.method === 'HEAD') return headers(request, reply, records);
  let decision;
  try {
    decision = services.quota.debit(access.key.accountId, records, access.key.monthlyQuota, now);
  } catch (error) {
    throw storeUnavailableProblem(request, error, 'usage store');
  }
  const settle = (granted: QuotaDecision) => {
    access.quota = granted;
    // At once: the decision is known (a refusal carries them too).
    setRateLimitHeaders(request, reply);
    services.metrics.decided(granted.granted ? 'quota_granted' : 'quota_refused');
    services.quotaNotices.observed(access.key.accountId, access.key.monthlyQuota, granted.remaining, !granted.granted, now);
    if (!granted.granted) {
      services.activity.refused(access.key.accountId, 'quota_exceeded', now);
      throw quotaExceeded(records, granted, access.key.monthlyQuota, now);
    }
    access.records = records;
  };
  // Counted for the dashboard once durable: a debit undone after a failed write was never used.
  const counted = () => {
    services.activity.debited(access.key.accountId, records, now);
    return body();
  };
  if (!isPromise(decision)) {
    settle(decision);
    // Sent when durable: after the embedded store's journal write, or at the end of the turn (see endOfTurn).
    const whenDurable = decision.whenDurable ?? endOfTurn;
    whenDurable((error) => sendWhenDurable(reply, error === null ? null : undone(request, error), counted));
    return undefined;
  }
  return decision.then(
    (granted) => {
      settle(granted);
      // Granted after the connection closed (a store that answered later): given back at once.
      if (request.raw.socket?.destroyed) refundUndelivered(request);
      return durableDebit(granted).then(counted, (error: unknown) => {
        throw undone(request, error);
      });
    },
    (error: unknown) => {
      throw storeUnavailableProblem(request, error, 'usage store');
    },
  );
}

/**
 * HEAD: the GET's status and headers (RateLimit from a peek at the quota, 429
 * `quota_exceeded` when the GET would get it) without a body; nothing is
 * generated and nothing charged.
 */
function headers(request: FastifyRequest, reply: FastifyReply, records: number): Awaitable<undefined> {
  const access = request.access!;
  const { key, now } = access;
  let peeked;
  try {
    peeked = request.server.ussynth.quota.peek(key.accountId, key.monthlyQuota, now);
  } catch (error) {
    throw storeUnavailableProblem(request, error, 'usage store');
  }
  const answer = (decision: QuotaDecision): undefined => {
    access.quota = decision;
    setRateLimitHeaders(request, reply);
    if (decision.remaining < records) throw quotaExceeded(records, decision, key.monthlyQuota, now);
    reply.type('application/json; charset=utf-8').send();
    return undefined;
  };
  return isPromise(peeked)
    ? peeked.then(answer, (error: unknown) => {
        throw storeUnavailableProblem(request, error, 'usage store');
      })
    : answer(peeked);
}

/** Sends the body, or the problem when the debit could not be made durable (it was undone) or the body failed. */
function sendWhenDurable<T>(reply: FastifyReply, problem: ProblemError | null, body: () => T): void {
  let payload: T | ProblemError;
  try {
    payload = problem ?? body();
  } catch (failure) {
    reply.send(failure);
    return;
  }
  reply.send(payload);
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
