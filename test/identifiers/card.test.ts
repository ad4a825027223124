import cardValidator from 'card-validator';
import luhn from 'luhn';
import { describe, expect, it } from 'vitest';
import { createGenerator } from '../../src/index.js';
import { CARD_BRANDS, CARD_REFERENCE_DATE, CardMaker } from '../../src/identifiers/card.js';
import { streamKey } from '../../src/random/stream-key.js';

const TYPES: Record<string, string> = {
  Visa: 'visa',
  Mastercard: 'mastercard',
  'American Express': 'american-express',
  Discover: 'discover',
};

describe('card fields', () => {
  const gen = createGenerator({ seed: 'card-validators' });
  const cards = gen.addresses({ count: 100_000, fields: ['cardNumber', 'cardBrand', 'cardExpiry', 'cardCvc'] });

  it("pass card-validator (number of the brand's type and length, CVC of its size) and luhn", () => {
    const bad = cards.filter((c) => {
      const number = cardValidator.number(c.cardNumber);
      return (
        !number.isValid ||
        number.card?.type !== TYPES[c.cardBrand] ||
        !cardValidator.cvv(c.cardCvc, number.card.code.size).isValid ||
        !luhn.validate(c.cardNumber)
      );
    });
    expect(bad).toEqual([]);
  });

  it("are under the brand's test BINs, with its length and CVC length", () => {
    const bad = cards.filter((c) => {
      const brand = CARD_BRANDS.find((b) => b.brand === c.cardBrand);
      return (
        brand === undefined ||
        !brand.bins.includes(c.cardNumber.slice(0, 6)) ||
        !new RegExp(`^\\d{${brand.length}}$`).test(c.cardNumber) ||
        !new RegExp(`^\\d{${brand.cvcLength}}$`).test(c.cardCvc)
      );
    });
    expect(bad).toEqual([]);
  });

  it('expire in a month after the fixed reference date, 01/30 to 12/34, every month used', () => {
    expect(CARD_REFERENCE_DATE).toBe('2029-12-31');
    const months = new Set<string>();
    for (const { cardExpiry } of cards) {
      const m = /^(0[1-9]|1[0-2])\/(\d\d)$/.exec(cardExpiry);
      expect(m && Number(m[2]) >= 30 && Number(m[2]) <= 34).toBe(true);
      months.add(cardExpiry);
    }
    expect(months.size).toBe(60);
  });

  it('come in the documented brand mix (50/25/15/10 %, within 1 point over 100,000)', () => {
    for (const brand of CARD_BRANDS) {
      const share = cards.filter((c) => c.cardBrand === brand.brand).length / cards.length;
      expect(Math.abs(share * 100 - brand.percent)).toBeLessThan(1);
    }
  });

  it('do not repeat within a stream of 1,000,000', () => {
    const maker = new CardMaker(streamKey('card-validators'));
    expect(maker.make(0, 999)).toEqual({
      number: cards[999].cardNumber,
      brand: cards[999].cardBrand,
      expiry: cards[999].cardExpiry,
      cvc: cards[999].cardCvc,
    });
    const seen = new Set<string>();
    for (let i = 0; i < 1_000_000; i++) seen.add(maker.make(0, i).number);
    expect(seen.size).toBe(1_000_000);
  });
});
