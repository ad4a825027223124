import type { FastifyRequest } from 'fastify';
import { ProblemError } from '../problem/problem-error.js';

/**
 * Debits `records` from the account's monthly quota before the response is
 * served; refuses (429 quota_exceeded, Retry-After until the month resets)
 * when fewer remain, saying how many do. Never overruns the quota.
 * @example await debitRecords(request, count) // then generate and return
 */
export async function debitRecords(request: FastifyRequest, records: number): Promise<void> {
  const access = request.access;
  if (!access) throw new Error('debitRecords called on a route without authentication');
  const services = request.server.ussynth;
  const now = services.clock();
  let decision;
  try {
    decision = await services.quota.debit(access.key.accountId, records, access.key.monthlyQuota, now);
  } catch (error) {
    request.log.error({ err: error }, 'usage store unavailable');
    throw new ProblemError('service_unavailable', 'the usage store is unavailable; retry shortly', { headers: { 'retry-after': '1' } });
  }
  access.quota = decision;
  if (!decision.granted) {
    const resetsAt = new Date(now + decision.resetSeconds * 1000).toISOString().replace(/T.*/, '');
    throw new ProblemError(
      'quota_exceeded',
      `this request needs ${records} record${records === 1 ? '' : 's'} but ${decision.remaining} of the monthly quota of ${access.key.monthlyQuota} remain; the quota resets on ${resetsAt} 00:00 UTC`,
      { remaining: decision.remaining, headers: { 'retry-after': String(decision.resetSeconds) } },
    );
  }
  access.records = records;
}
