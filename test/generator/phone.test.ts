import { describe, expect, it } from 'vitest';
import { isGeneratableExchange, phoneText, SPECIAL_USE_EXCHANGES } from '../../src/generator/phone.js';
import { createGenerator } from '../../src/index.js';

const exchangeOf = (phone: string): number => Number(/^\(\d{3}\) (\d{3})-/.exec(phone)![1]);

describe('phone exchanges', () => {
  it('are never N11, 555 or a special-use exchange (950, 958, 959, 976)', () => {
    expect(SPECIAL_USE_EXCHANGES).toEqual([555, 950, 958, 959, 976]);
    for (const exchange of [211, 411, 911, 555, 950, 958, 959, 976, 199, 1000])
      expect(isGeneratableExchange(exchange), String(exchange)).toBe(false);
    for (const exchange of [200, 212, 554, 556, 951, 957, 960, 975, 977, 999])
      expect(isGeneratableExchange(exchange), String(exchange)).toBe(true);
  });

  it('are never special-use in generated phones and addresses', () => {
    const gen = createGenerator({ seed: 'exchanges' });
    const used = new Set<number>();
    for (const state of [undefined, 'NY', 'CA', 'TX', 'WY', 'PR']) {
      for (let i = 0; i < 10_000; i++) used.add(exchangeOf(gen.phoneAt(i, { state }).phone));
    }
    for (const address of gen.addresses({ count: 50_000 })) used.add(exchangeOf(address.phone));
    expect([...used].filter((exchange) => !isGeneratableExchange(exchange))).toEqual([]);
  });
});

describe('phone numbers as numbers', () => {
  it('write AAANNNNNNN as (AAA) NNN-NNNN, the line with its leading zeros', () => {
    expect(phoneText(9512220142)).toBe('(951) 222-0142');
    expect(phoneText(2015550100)).toBe('(201) 555-0100');
    expect(phoneText(9899990000)).toBe('(989) 999-0000');
    expect(phoneText(2002000009)).toBe('(200) 200-0009');
  });
});
