/** The webhook events the service acts on; others are acknowledged and ignored. */
export const HANDLED_EVENTS: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

/** The parts of a verified Stripe event the service reads. */
export interface WebhookEvent {
  /** `evt_...`. */
  id: string;
  /** One of HANDLED_EVENTS. */
  type: string;
  /** `data.object`: the Checkout Session, subscription or invoice. */
  object: Record<string, unknown>;
}

/** What a verified body is: an event to act on, one of a type the service ignores, or not a Stripe event at all (with why). */
export type ReadEvent =
  | { kind: 'handled'; event: WebhookEvent }
  | { kind: 'ignored' }
  | { kind: 'malformed'; reason: string };

const EVENT_ID = /^evt_[0-9A-Za-z_]{1,250}$/;

/**
 * Reads a verified webhook body (already JSON-parsed by the SDK, so any JSON
 * value): an event of a handled type needs an `evt_` id and an object at
 * `data.object`; an event of another type is ignored; anything else (null,
 * an array, no type) is malformed. A signature proves who sent a body, not
 * that it is an event this service understands.
 * @example readEvent(null) // { kind: 'malformed', reason: 'the body is not a JSON object' }
 */
export function readEvent(body: unknown): ReadEvent {
  if (!isObject(body)) return { kind: 'malformed', reason: 'the body is not a JSON object' };
  if (typeof body.type !== 'string') return { kind: 'malformed', reason: 'the event has no "type"' };
  if (!HANDLED_EVENTS.has(body.type)) return { kind: 'ignored' };
  if (typeof body.id !== 'string' || !EVENT_ID.test(body.id))
    return { kind: 'malformed', reason: 'the event has no "id" of the form evt_...' };
  const data = body.data;
  if (!isObject(data) || !isObject(data.object))
    return { kind: 'malformed', reason: `the ${body.type} event has no object at "data.object"` };
  return { kind: 'handled', event: { id: body.id, type: body.type, object: data.object } };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
