import fc from 'fast-check';
import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { validSeeds } from '../fixtures/valid-seeds.js';
import { createGenerator, defaultIndex } from '../../src/index.js';

// Issue 33 item 3: every generated phone is valid in libphonenumber-js with its max metadata (the
// same version the build probes), exchange by exchange: 983-6XX was generated and is not valid.
const data = defaultIndex();
const GENERATABLE = data.states.filter((s) => s.zipCount > 0 && s.areaCodeCount > 0).map((s) => s.code);
const seeds = validSeeds(40);
const states = fc.option(fc.constantFrom(...GENERATABLE), { nil: undefined });
const indexes = fc.oneof(fc.nat({ max: 10_000 }), fc.nat({ max: Number.MAX_SAFE_INTEGER }));

/** "+1 212-736-0142" or "(212) 736-0142" as E.164. */
const e164 = (phone: string): string => '+1' + phone.replace(/^\+1 /, '').replace(/\D/g, '');

describe('phones are valid in libphonenumber-js (max metadata)', () => {
  it('every exchange of every area code the index lets phones use', () => {
    const invalid: string[] = [];
    const table = data.areaCodes;
    for (let column = 0; column < table.size; column++) {
      for (let code = 0; code < 800; code++) {
        if ((data.areaCodeExchanges[column * 100 + (code >> 3)] & (1 << (code & 7))) === 0) continue;
        const number = `+1${table.items[column]}${200 + code}4567`;
        if (!isValidPhoneNumber(number)) invalid.push(number);
      }
    }
    expect(invalid).toEqual([]);
    // 983 (Denver) has exchanges, but none of 600-699.
    const column = [...table.items].indexOf(983);
    const has = (nxx: number): boolean =>
      (data.areaCodeExchanges[column * 100 + ((nxx - 200) >> 3)] & (1 << ((nxx - 200) & 7))) !== 0;
    expect([has(599), has(600), has(650), has(699), has(700)]).toEqual([true, false, false, false, true]);
  }, 120_000);

  it('every phone place exchange is one the index lets phones use', () => {
    // A place's exchanges are relative to its state's AC segment: find the state from a ZS entry of the place.
    const placeOfEntry = new Map<number, number>();
    for (let entry = 0; entry < data.zipPhonePlaces.length; entry++)
      placeOfEntry.set(data.zipPhonePlaces[entry], entry);
    const bad: string[] = [];
    for (let place = 0; place < data.phonePlaceCount; place++) {
      const entry = placeOfEntry.get(place);
      if (entry === undefined) continue;
      const state = data.states.find((s) => entry >= s.zipOffset && entry < s.zipOffset + s.zipCount)!;
      for (let e = data.placeExchangeStarts[place]; e < data.placeExchangeStarts[place + 1]; e++) {
        const value = data.placeExchanges[e];
        const slot = Math.floor(value / 800);
        const column = state.areaCodeOffset + slot;
        const code = value - slot * 800;
        if ((data.areaCodeExchanges[column * 100 + (code >> 3)] & (1 << (code & 7))) === 0)
          bad.push(`${data.areaCodes.items[column]}-${200 + code}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("addresses' phones and the phone stream, over seeds, states and indexes", () => {
    fc.assert(
      fc.property(seeds, states, indexes, fc.boolean(), (seed, state, index, geoFlag) => {
        const gen = createGenerator({ seed });
        const address = gen.addressAt(index, { state, geo: geoFlag });
        const phone = gen.phoneAt(index, { state });
        return (
          isValidPhoneNumber(e164(address.phone)) &&
          isValidPhoneNumber(e164(phone.phone)) &&
          isValidPhoneNumber(phone.intl.replace(/[ -]/g, ''))
        );
      }),
      { numRuns: 3000 },
    );
  }, 120_000);

  it('every phone of a page per state, Colorado (983) and the territories included', () => {
    const invalid: string[] = [];
    for (const state of GENERATABLE) {
      const gen = createGenerator({ seed: `valid-${state}` });
      for (const a of gen.addresses({ start: 0, count: 400, state }))
        if (!isValidPhoneNumber(e164(a.phone))) invalid.push(`${state} ${a.phone}`);
      for (let i = 0; i < 400; i++) {
        const { phone } = gen.phoneAt(i, { state });
        if (!isValidPhoneNumber(e164(phone))) invalid.push(`${state} ${phone}`);
      }
    }
    expect(invalid).toEqual([]);
  }, 120_000);
});
