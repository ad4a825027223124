import type { SourceReport } from '../source-report.js';

/**
 * Words of city names that are acronyms, which both ZIP sources title-case
 * into words ("Hanscom Afb", "Jbphh", "Usaf Academy", "Joint Base Mdl").
 */
export const CITY_ACRONYMS: ReadonlySet<string> = new Set([
  'AFB', // Air Force Base
  'CBC', // Construction Battalion Center (Port Hueneme)
  'DHS', // Department of Homeland Security
  'JBER', // Joint Base Elmendorf-Richardson
  'JBPHH', // Joint Base Pearl Harbor-Hickam
  'JBSA', // Joint Base San Antonio
  'JRB', // Joint Reserve Base
  'MCBH', // Marine Corps Base Hawaii
  'MD', // Maryland ("Southern MD Facility")
  'MDL', // McGuire-Dix-Lakehurst
  'NAWC', // Naval Air Warfare Center
  'USAF', // United States Air Force
]);

/** A documented spelling repair of city names, counted in the manifest under its reason. */
export interface CityRule {
  reason: string;
  apply(city: string): string;
}

/**
 * Acronyms back in capitals.
 * @example acronymsUpperCased('Hanscom Afb') // "Hanscom AFB"
 */
export function acronymsUpperCased(city: string): string {
  return city.replace(/[A-Za-z]+/g, (word) => (CITY_ACRONYMS.has(word.toUpperCase()) ? word.toUpperCase() : word));
}

/**
 * USPS writes "Mc" names as "Mccall"; the capital after "Mc" at the start
 * of a word is restored ("McCall", "Port McNeil"). Acronyms (MCBH) are
 * upper-cased first and so are left alone.
 * @example mcCapital('Mccall') // "McCall"
 */
export function mcCapital(city: string): string {
  return city.replace(/\bMc([a-z])/g, (_, letter: string) => 'Mc' + letter.toUpperCase());
}

/**
 * USPS also splits "Mc" off as a word ("Mc Lean"); joined as the town writes it.
 * @example mcJoined('Fort Mc Coy') // "Fort McCoy"
 */
export function mcJoined(city: string): string {
  return city.replace(/\bMc ([A-Z])/g, 'Mc$1');
}

/**
 * A lone "O" or "D" before a word lost its apostrophe ("O Fallon", "Land O
 * Lakes", "D Lo", "Bois D Arc").
 * @example apostropheRestored('Port O Connor') // "Port O'Connor"
 */
export function apostropheRestored(city: string): string {
  return city.replace(/\b([OD]) ([A-Z])/g, "$1'$2");
}

/**
 * Title-casing capitalised the "s" of a possessive ("Lincoln'S New Salem").
 * @example possessiveLowerCased("Lincoln'S New Salem") // "Lincoln's New Salem"
 */
export function possessiveLowerCased(city: string): string {
  return city.replace(/'S\b/g, "'s");
}

/** Rules for GeoNames' USPS-style names, in order (acronyms before the "Mc" capital, so MCBH stays whole). */
export const GEONAMES_CITY_RULES: readonly CityRule[] = [
  { reason: 'acronym_upper_cased', apply: acronymsUpperCased },
  { reason: 'mc_joined', apply: mcJoined },
  { reason: 'mc_capitalised', apply: mcCapital },
  { reason: 'apostrophe_restored', apply: apostropheRestored },
  { reason: 'possessive_lower_cased', apply: possessiveLowerCased },
];

/**
 * Rules for SimpleMaps' names, which keep "Mc" joined and apostrophes where
 * the town has them but share the title-casing faults. Its "Coeur D Alene"
 * is not repaired: GeoNames' "Coeur d'Alene" is kept for that ZIP instead
 * (see {@link preferredSpelling}).
 */
export const SIMPLEMAPS_CITY_RULES: readonly CityRule[] = [
  { reason: 'acronym_upper_cased', apply: acronymsUpperCased },
  { reason: 'mc_capitalised', apply: mcCapital },
  { reason: 'possessive_lower_cased', apply: possessiveLowerCased },
];

/**
 * Applies the rules in order, counting each that changes the name.
 * @example repairCity('Hanscom Afb', GEONAMES_CITY_RULES, report) // "Hanscom AFB"
 */
export function repairCity(city: string, rules: readonly CityRule[], report: SourceReport): string {
  let text = city;
  for (const rule of rules) {
    const repaired = rule.apply(text);
    if (repaired !== text) report.repair(rule.reason);
    text = repaired;
  }
  return text;
}

const letters = (city: string): string => city.toLowerCase().replace(/[^a-z0-9]/g, '');
const punctuation = (city: string): string => city.replace(/[^'-]/g, '');

/**
 * The city of a ZIP both sources name, after their repairs: SimpleMaps'
 * spelling when the two are the same name written differently ("Mac Arthur"
 * / "MacArthur", "Redlake" / "Red Lake"), unless it drops a hyphen or an
 * apostrophe GeoNames has ("Winston Salem", "Coeur D Alene"); GeoNames'
 * otherwise, including every real difference of name (neighbourhoods,
 * renamed forts).
 * @example preferredSpelling('Lacygne', 'La Cygne') // "La Cygne"
 */
export function preferredSpelling(geonames: string, simplemaps: string): string {
  if (geonames === simplemaps || letters(geonames) !== letters(simplemaps)) return geonames;
  return punctuation(simplemaps).length < punctuation(geonames).length ? geonames : simplemaps;
}
