import { describe, expect, it } from 'vitest';
import { readEvent } from '../../src/billing/webhook-event.js';

describe('readEvent', () => {
  it('reads an event of a handled type: its id, type and data.object', () => {
    const object = { id: 'sub_1' };
    expect(
      readEvent({ id: 'evt_1', object: 'event', type: 'customer.subscription.updated', data: { object } }),
    ).toEqual({ kind: 'handled', event: { id: 'evt_1', type: 'customer.subscription.updated', object } });
  });

  it('ignores other types whatever their data', () => {
    expect(readEvent({ type: 'customer.created', data: null })).toEqual({ kind: 'ignored' });
  });

  it('names what is missing in anything else', () => {
    expect(readEvent(null)).toEqual({ kind: 'malformed', reason: 'the body is not a JSON object' });
    expect(readEvent([{ type: 'invoice.paid' }])).toMatchObject({
      kind: 'malformed',
      reason: 'the body is not a JSON object',
    });
    expect(readEvent('invoice.paid')).toMatchObject({ kind: 'malformed' });
    expect(readEvent({ id: 'evt_1' })).toEqual({ kind: 'malformed', reason: 'the event has no "type"' });
    expect(readEvent({ id: 'evt_1', type: 'invoice.paid', data: null })).toEqual({
      kind: 'malformed',
      reason: 'the invoice.paid event has no object at "data.object"',
    });
    expect(readEvent({ id: 'evt_1', type: 'invoice.paid', data: { object: [] } })).toMatchObject({ kind: 'malformed' });
    expect(readEvent({ id: 'evt 1', type: 'invoice.paid', data: { object: {} } })).toEqual({
      kind: 'malformed',
      reason: 'the event has no "id" of the form evt_...',
    });
    expect(readEvent({ type: 'invoice.paid', data: { object: {} } })).toMatchObject({ kind: 'malformed' });
  });
});
