import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  readRoutingSymbols,
  ROUTING_SYMBOLS_CSV,
  ROUTING_SYMBOLS_MODULE,
  routingSymbolsModule,
} from '../../../pipeline/load/write-routing-symbols.js';
import { ROUTING_SYMBOLS } from '../../../src/identifiers/routing-symbols.js';

describe('routing symbols', () => {
  const symbols = readRoutingSymbols(readFileSync(ROUTING_SYMBOLS_CSV, 'utf8'));

  it('src/identifiers/routing-symbols.ts is what npm run data:routing-symbols makes from the vendored CSV', () => {
    expect(readFileSync(ROUTING_SYMBOLS_MODULE, 'utf8')).toBe(routingSymbolsModule(symbols));
    expect(ROUTING_SYMBOLS).toEqual(symbols);
  });

  it('every symbol is a bank (01-12) or thrift (21-32) symbol, with its counterpart', () => {
    expect(symbols.length).toBe(214);
    for (const symbol of symbols) {
      const lead = Number(symbol.slice(0, 2));
      expect((lead >= 1 && lead <= 12) || (lead >= 21 && lead <= 32)).toBe(true);
      const other = String((Number(symbol[0]) + 2) % 4) + symbol.slice(1);
      expect(symbols).toContain(other);
    }
  });

  it('refuses a symbol outside its district and a bad header', () => {
    expect(() => readRoutingSymbols('symbol,district,kind\n0110,02,bank\n')).toThrow(/line 2/);
    expect(() => readRoutingSymbols('symbol,district,kind\n2110,01,bank\n')).toThrow(/line 2/);
    expect(() => readRoutingSymbols('symbol,kind\n0110,bank\n')).toThrow(/header/);
    expect(readRoutingSymbols('symbol,district,kind\n0110,01,bank\n2110,01,thrift\n')).toEqual(['0110', '2110']);
  });
});
