/**
 * Version of the generation algorithms. Same seed, options, generator
 * version and dataset version give the same bytes; a change to any
 * algorithm bumps this and deliberately changes the golden files.
 */
export const GENERATOR_VERSION = '4.0.0';
