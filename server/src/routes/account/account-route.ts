/** Largest account API request body: an e-mail, a 256-character password (up to 4 bytes each) and a little JSON. */
export const ACCOUNT_BODY_LIMIT = 4096;

/** Shared route schema parts of the account API, for the OpenAPI document. */
export const ACCOUNT_ROUTE = { tags: ['account'] } as const;
