import type { SsoConnection } from '../store/sso-store.js';

/** An account's SSO settings as the operator and the dashboard see them: everything but the client secret. */
export interface ShownSsoSettings {
  account: string;
  issuer: string;
  clientId: string;
  audience: string;
  orgClaim: string | null;
  orgValue: string | null;
  domains: string[];
  jwksUri: string;
  /** ISO time of the last change. */
  updatedAt: string;
}

/**
 * What may be shown of a connection: never the client secret, not even sealed.
 * @example shownSettings(connection).issuer // 'https://example.okta.com'
 */
export function shownSettings(connection: SsoConnection): ShownSsoSettings {
  return {
    account: connection.accountName,
    issuer: connection.issuer,
    clientId: connection.clientId,
    audience: connection.audience,
    orgClaim: connection.orgClaim,
    orgValue: connection.orgValue,
    domains: [...connection.domains],
    jwksUri: connection.jwksUri,
    updatedAt: new Date(connection.updatedAt).toISOString(),
  };
}
