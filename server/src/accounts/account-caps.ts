/**
 * Caps on what one account or person can hold, documented in docs/security.md:
 * none of them touches honest use, all of them bound what a script can pile up.
 */
export const ACCOUNT_CAPS = {
  /** Keys per account that are neither revoked nor expired; creating one more is 409 `key_limit_reached`. */
  workingKeysPerAccount: 100,
  /** Live sessions per person; signing in once more ends the oldest. */
  sessionsPerPerson: 20,
  /** Most keys per page of `GET /account/v1/keys` (also the default page size). */
  keysPerPage: 100,
} as const;
