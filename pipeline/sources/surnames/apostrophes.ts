import type { SourceReport } from '../../source-report.js';

/**
 * Surnames the 1990 Census list writes without their apostrophe (the
 * Bureau's files hold letters only: OBRIEN, DANGELO), as the names are
 * written: Irish O' names and Italian D' names. Only names whose usual
 * spelling has the apostrophe are listed; names also common without one
 * stay as they are (Odell, Oberry, Darcy, Delia, Durso, Donnell).
 */
export const APOSTROPHE_SURNAMES: readonly string[] = [
  // O' (Irish): O + the clan name.
  "O'Banion",
  "O'Bannon",
  "O'Boyle",
  "O'Brian",
  "O'Briant",
  "O'Brien",
  "O'Bryan",
  "O'Bryant",
  "O'Byrne",
  "O'Cain",
  "O'Callaghan",
  "O'Carroll",
  "O'Connel",
  "O'Connell",
  "O'Conner",
  "O'Connor",
  "O'Daniel",
  "O'Day",
  "O'Dea",
  "O'Doherty",
  "O'Donahue",
  "O'Donnel",
  "O'Donnell",
  "O'Donoghue",
  "O'Donovan",
  "O'Dowd",
  "O'Driscoll",
  "O'Farrell",
  "O'Flaherty",
  "O'Gara",
  "O'Gorman",
  "O'Grady",
  "O'Guinn",
  "O'Hagan",
  "O'Hair",
  "O'Halloran",
  "O'Hanlon",
  "O'Hara",
  "O'Hare",
  "O'Haver",
  "O'Hearn",
  "O'Hern",
  "O'Kane",
  "O'Keefe",
  "O'Kelly",
  "O'Leary",
  "O'Loughlin",
  "O'Mahony",
  "O'Malley",
  "O'Mara",
  "O'Meara",
  "O'Neal",
  "O'Neel",
  "O'Neil",
  "O'Neill",
  "O'Quinn",
  "O'Rear",
  "O'Regan",
  "O'Reilly",
  "O'Roark",
  "O'Rourke",
  "O'Shaughnessy",
  "O'Shea",
  "O'Shields",
  "O'Sullivan",
  "O'Tool",
  "O'Toole",
  // D' (Italian): D + a name starting with a vowel; D'Souza (Portuguese-Indian).
  "D'Adamo",
  "D'Addario",
  "D'Agata",
  "D'Agostino",
  "D'Alba",
  "D'Alessandro",
  "D'Alessio",
  "D'Alfonso",
  "D'Allesandro",
  "D'Aloia",
  "D'Amato",
  "D'Amboise",
  "D'Ambrosi",
  "D'Ambrosio",
  "D'Amelio",
  "D'Amico",
  "D'Amore",
  "D'Amour",
  "D'Andrea",
  "D'Angelo",
  "D'Aniello",
  "D'Annunzio",
  "D'Antonio",
  "D'Antuono",
  "D'Aquila",
  "D'Arienzo",
  "D'Arrigo",
  "D'Attilio",
  "D'Auria",
  "D'Avino",
  "D'Errico",
  "D'Onofrio",
  "D'Orazio",
  "D'Souza",
];

const BY_LETTERS = new Map(APOSTROPHE_SURNAMES.map((name) => [name.replace("'", '').toLowerCase(), name]));

/**
 * The surname with its apostrophe restored when it is one of
 * {@link APOSTROPHE_SURNAMES}, else unchanged; the case of the result is
 * settled later by title-casing.
 * @example surnameWithApostrophe('OBRIEN') // "O'Brien"
 */
export function surnameWithApostrophe(name: string): string {
  return BY_LETTERS.get(name.toLowerCase()) ?? name;
}

/**
 * Restores the apostrophes of a rank-ordered surname list, counting each as
 * the repair `apostrophe_restored`.
 * @example restoreApostrophes(['Smith', 'Obrien'], report) // ['Smith', "O'Brien"]
 */
export function restoreApostrophes(surnames: readonly string[], report: SourceReport): string[] {
  return surnames.map((name) => {
    const restored = surnameWithApostrophe(name);
    if (restored !== name) report.repair('apostrophe_restored');
    return restored;
  });
}
