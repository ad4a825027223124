import type { FastifyRequest } from 'fastify';
import type { AccountKeyService } from '../../accounts/account-key-service.js';
import type { CurrentSession } from '../../accounts/current-session.js';
import type { PeopleService } from '../../accounts/people-service.js';
import type { PlanService } from '../../accounts/plan-service.js';
import type { SessionCookie } from '../../accounts/session-cookie.js';

/** Largest account API request body: an e-mail, a 256-character password (up to 4 bytes each) and a little JSON. */
export const ACCOUNT_BODY_LIMIT = 4096;

/** Shared route schema parts of the account API, for the OpenAPI document. */
export const ACCOUNT_ROUTE = { tags: ['account'] } as const;

/** What the account routes share: the services, the session lookup and the cookie. */
export interface AccountRouteContext {
  people: PeopleService;
  accountKeys: AccountKeyService;
  plans: PlanService;
  publicUrl: () => string;
  cookie: () => SessionCookie;
  /** The request's live session (or a `not_signed_in` problem); state changes also need the CSRF token. */
  session(request: FastifyRequest): Promise<CurrentSession>;
  /** The client's address for throttling. */
  clientIp(request: FastifyRequest): string;
}
