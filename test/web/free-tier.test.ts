import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  counterText,
  FREE_TIER_LIMIT,
  FreeTier,
  refusalMessage,
  tooFewLeftMessage,
  trimMessage,
  trimUnitsMessage,
} from '../../web/src/free-tier.js';

describe('FreeTier', () => {
  it('allows whole requests while they fit, trims the one that crosses the limit, then refuses', () => {
    const tier = new FreeTier();
    expect(tier.limit).toBe(1000);
    expect(tier.allow(600)).toEqual({ kind: 'whole', granted: 600 });
    tier.record(600);
    expect(tier.allow(400)).toEqual({ kind: 'whole', granted: 400 });
    expect(tier.allow(401)).toEqual({ kind: 'trimmed', granted: 400, requested: 401 });
    tier.record(400);
    expect(tier.remaining).toBe(0);
    expect(tier.allow(1)).toEqual({ kind: 'refused', requested: 1 });
  });

  it('never lets more than the limit be recorded, whatever the requests', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: FREE_TIER_LIMIT }), { maxLength: 40 }), (requests) => {
        const tier = new FreeTier();
        let total = 0;
        for (const requested of requests) {
          const allowance = tier.allow(requested);
          const granted = allowance.kind === 'refused' ? 0 : allowance.granted;
          expect(granted).toBe(Math.min(requested, FREE_TIER_LIMIT - total));
          tier.record(granted);
          total += granted;
        }
        expect(tier.used).toBe(
          Math.min(
            FREE_TIER_LIMIT,
            requests.reduce((a, b) => a + b, 0),
          ),
        );
      }),
    );
  });

  it('refuses to record more than remains or a non-count', () => {
    const tier = new FreeTier(10);
    expect(() => tier.record(11)).toThrow(RangeError);
    expect(() => tier.record(-1)).toThrow(RangeError);
    expect(() => tier.record(1.5)).toThrow(RangeError);
    expect(tier.used).toBe(0);
  });

  it('words the counter, the trim notice and the refusal', () => {
    const tier = new FreeTier();
    tier.record(250);
    expect(counterText(tier)).toBe('250 of 1000 free records used since this page loaded; 750 left.');
    expect(trimMessage(300, 1000, 1000)).toContain('Trimmed to 300 of the 1000 records requested');
    const refusal = refusalMessage(1000);
    expect(refusal).toContain('Free-tier limit reached');
    expect(refusal).toContain('Reload the page');
    expect(refusal).toContain('API');
  });

  it('words the trim and the refusal of records that count as several (households: 3 each)', () => {
    expect(trimUnitsMessage(100, 400, 'households', 3, 1000, 301)).toBe(
      'Trimmed to 100 of the 400 households requested (each counts as 3 records): the free browser demo allows ' +
        '1000 records per page load and only 301 remained. Reload the page or use the ussynth API for more.',
    );
    expect(tooFewLeftMessage('household', 3, 2, 1000)).toBe(
      'Free-tier limit reached: a household counts as 3 records and only 2 of the 1000 this page may generate ' +
        'remain. Reload the page to start again, or use the ussynth API (paid tier) for more.',
    );
  });
});
