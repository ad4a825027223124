import type { FastifyRequest } from 'fastify';
import { recordUnits, relatedRecordUnits } from './record-units.js';

/** The paged routes: `count` records (default 10, at most 1000); every other request costs one. */
const PAGED = /^\/v1\/(?:batch|eins|phones|companies|households|companies\/[^/?]*\/employees)(?:\?|$)/;
/** The households route, whose records count as a household's records of quota each. */
const HOUSEHOLDS = /^\/v1\/households(?:\?|$)/;
const DEFAULT_COUNT = 10;
const MAX_COUNT = 1000;

/**
 * How many records a request asks for, read from its URL before it is
 * authenticated or validated, so the connection guard can weigh what a
 * request will cost to make and hold before it starts it: a paged route's
 * `count` (10 when absent; a malformed one counts 1, it is refused with 400
 * at no cost), one for every other request; each record weighed as the quota
 * counts it with `fields`, and a household as three (record-units.ts).
 * @example recordsAsked(request) // 1000 for GET /v1/batch?count=1000, 8000 with 64 fields
 */
export function recordsAsked(request: FastifyRequest): number {
  const { count, fields } = request.query as { count?: unknown; fields?: unknown };
  let units = typeof fields === 'string' ? recordUnits(fields) : 1;
  if (!PAGED.test(request.url)) return units;
  if (HOUSEHOLDS.test(request.url)) units *= relatedRecordUnits('household');
  if (count === undefined) return DEFAULT_COUNT * units;
  const asked = Number(count);
  return (Number.isInteger(asked) && asked >= 1 ? Math.min(asked, MAX_COUNT) : 1) * units;
}
