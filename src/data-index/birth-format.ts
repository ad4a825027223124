/**
 * Constants of the birth index (`dist-data/ussynth-births.idx`), shared by
 * the pipeline's writer and the library's reader: the main index's container
 * with these sections. It holds, per first name of the main index, how its
 * carriers alive spread over the birth cohorts, and the population by birth
 * year: what `birthDate` is drawn from.
 */

/**
 * File name of the birth index next to the main index.
 * @example new URL(BIRTH_INDEX_FILE, location.href)
 */
export const BIRTH_INDEX_FILE = 'ussynth-births.idx';

/** Version written in the birth index's header: it depends on the first names and population only, not on the main index's dataset version. */
export const BIRTH_DATA_VERSION = 'births-2022.1';

/** Sections of the birth index, all required. */
export const BIRTH_SECTIONS = {
  BMET: {
    type: 'u16',
    what: 'first birth year, years per cohort, cohort count, reference year (ages are as of its 31 December)',
  },
  BNCK: {
    type: 'u32',
    what: 'female name count, male name count, CRC-32 of the FF names and of the FM names (each joined by "\\n"), in column order',
  },
  BYWF: {
    type: 'u32',
    what: 'per birth year from the first: women alive in the reference year born that year (0 under 18)',
  },
  BYWM: { type: 'u32', what: 'per birth year from the first: men alive in the reference year born that year' },
  BPRO: { type: 'u16', what: 'per cohort profile, per cohort: its weight (1..65535, the largest 65535)' },
  BPNF: { type: 'u8', what: 'per FF column: the profile of the name (the nearest to its people by cohort)' },
  BPNM: { type: 'u8', what: 'per FM column: the profile of the name' },
  BSPF: { type: 'u16', what: 'per FF column: the first cohort with births of the name x 32 + the last' },
  BSPM: { type: 'u16', what: 'per FM column: the same for men' },
} as const;

/** Tag of a birth index section. */
export type BirthSectionTag = keyof typeof BIRTH_SECTIONS;
