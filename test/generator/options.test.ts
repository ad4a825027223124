import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGenerator, defaultIndex, type Address } from '../../src/index.js';
import { validSeeds } from '../fixtures/valid-seeds.js';

const data = defaultIndex();
const GENERATABLE = data.states.filter((s) => s.zipCount > 0 && s.areaCodeCount > 0).map((s) => s.code);
const seeds = validSeeds(30);
const states = fc.option(fc.constantFrom(...GENERATABLE), { nil: undefined });
const indexes = fc.oneof(fc.nat({ max: 20_000 }), fc.nat({ max: Number.MAX_SAFE_INTEGER }));

/** Each generator option and the one address field it is about. */
const OPTIONS = [
  { option: { emailDomain: 'test.example' }, field: 'email' },
  { option: { fictionalPhones: true }, field: 'phone' },
] as const;

const without = (a: Address, field: keyof Address) => ({ ...a, [field]: undefined });

describe('generator options change only their own field', () => {
  it('in addresses: every option leaves every other field as it was', () => {
    fc.assert(
      fc.property(seeds, states, indexes, (seed, state, index) => {
        const plain = createGenerator({ seed }).addressAt(index, { state });
        for (const { option, field } of OPTIONS) {
          expect(without(createGenerator({ seed, ...option }).addressAt(index, { state }), field), field).toEqual(
            without(plain, field),
          );
        }
        const both = createGenerator({ seed, emailDomain: 'test.example', fictionalPhones: true }).addressAt(index, {
          state,
        });
        expect({ ...both, email: plain.email, phone: plain.phone }).toEqual(plain);
      }),
      { numRuns: 300 },
    );
  });

  it('in phones and EINs: the e-mail domain changes neither, fictional numbers change no EIN', () => {
    fc.assert(
      fc.property(seeds, states, indexes, (seed, state, index) => {
        const plain = createGenerator({ seed });
        const domain = createGenerator({ seed, emailDomain: 'test.example' });
        const fictional = createGenerator({ seed, fictionalPhones: true });
        expect(domain.phoneAt(index, { state })).toEqual(plain.phoneAt(index, { state }));
        expect(domain.einAt(index)).toEqual(plain.einAt(index));
        expect(fictional.einAt(index)).toEqual(plain.einAt(index));
      }),
      { numRuns: 300 },
    );
  });

  it('in a whole page: the e-mail domain changes only the domain of each e-mail', () => {
    const plain = createGenerator({ seed: 4 }).addresses({ count: 2000 });
    const own = createGenerator({ seed: 4, emailDomain: 'test.example' }).addresses({ count: 2000 });
    expect(own.map((a) => ({ ...a, email: a.email.replace(/@.*/, '') }))).toEqual(
      plain.map((a) => ({ ...a, email: a.email.replace(/@.*/, '') })),
    );
  });
});
