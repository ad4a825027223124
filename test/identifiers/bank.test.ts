import { validate as abaValidate } from 'abavalidator';
import routingValidator from 'bank-routing-number-validator';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGenerator } from '../../src/index.js';
import { routingCheckDigit } from '../../src/identifiers/bank.js';

const SYMBOLS = new Set(
  readFileSync(new URL('../../datasets/fed-routing-symbols/routing-symbols.csv', import.meta.url), 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => line !== '')
    .map((line) => line.split(',')[0]),
);

describe('bank fields', () => {
  const gen = createGenerator({ seed: 'bank-validators' });
  const rows = gen.addresses({ count: 100_000, fields: ['routingNumber', 'bankAccount'] });

  it('routing numbers pass bank-routing-number-validator and abavalidator (prefix ranges, 3-7-1 check digit)', () => {
    expect(rows.filter((r) => !routingValidator.ABARoutingNumberIsValid(r.routingNumber))).toEqual([]);
    expect(rows.filter((r) => !abaValidate(r.routingNumber))).toEqual([]);
  });

  it('begin with a Federal Reserve routing symbol of the vendored list, and use all of them', () => {
    expect(rows.filter((r) => !SYMBOLS.has(r.routingNumber.slice(0, 4)))).toEqual([]);
    expect(new Set(rows.map((r) => r.routingNumber.slice(0, 4))).size).toBe(SYMBOLS.size);
  });

  it("check digit: the ABA's example 011000015 (Boston Fed)", () => {
    expect(routingCheckDigit('01100001')).toBe(5);
  });

  it('account numbers are 8 to 12 digits, not starting with 0, every length used', () => {
    expect(rows.filter((r) => !/^[1-9]\d{7,11}$/.test(r.bankAccount))).toEqual([]);
    expect(new Set(rows.map((r) => r.bankAccount.length)).size).toBe(5);
  });
});
