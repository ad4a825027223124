import type { PersonRecord } from './people-store.js';

/** What the operator configures to connect an Enterprise account to its OpenID Provider. */
export interface NewSsoConnection {
  /** The provider's issuer, exactly as its discovery document and its tokens say it (https, or http on loopback). */
  issuer: string;
  /** The dashboard's client id at the provider (authorization code flow). */
  clientId: string;
  /** The client secret, sealed with the service's secret key (secret-box.ts); never the secret itself. */
  sealedClientSecret: Uint8Array;
  /** The audience API access tokens must name in `aud`. */
  audience: string;
  /** The provider's JWKS URL, from its discovery document. */
  jwksUri: string;
  /** A claim that must carry `orgValue` in access tokens (e.g. `org_id`, `tid`), or null. */
  orgClaim: string | null;
  /** The value of `orgClaim` this account's tokens carry, or null. */
  orgValue: string | null;
  /** E-mail domains whose people sign in through this provider (lower-case, e.g. `example.com`). */
  domains: readonly string[];
}

/** An Enterprise account's SSO connection as stored. */
export interface SsoConnection extends NewSsoConnection {
  /** The account. */
  accountId: number;
  /** Its name. */
  accountName: string;
  /** Epoch ms of the last change (a version: caches of verified tokens are bound to it). */
  updatedAt: number;
}

/** Outcome of an SSO sign-in's person lookup: the member, or the address belongs to another account. */
export type SsoMember = PersonRecord | 'elsewhere';

/**
 * Enterprise accounts' single sign-on: one connection per account and the
 * e-mail domains that lead to it. Only connections of live Enterprise
 * accounts are found (a deleted account or one moved to another plan drops
 * out without an edit here). The client secret reaches the store sealed.
 * @example const connection = await store.sso.findByDomain('example.com');
 */
export interface SsoStore {
  /** Creates or replaces the account's connection and its domains; a domain of another account is a StoreConflictError. */
  setConnection(accountId: number, connection: NewSsoConnection, now: number): Promise<void>;
  /** The account's connection. */
  find(accountId: number): Promise<SsoConnection | undefined>;
  /** The connection of the account that owns this (lower-case) e-mail domain. */
  findByDomain(domain: string): Promise<SsoConnection | undefined>;
  /** Every connection with this issuer (accounts may share a multi-tenant provider, told apart by the org claim). */
  findByIssuer(issuer: string): Promise<SsoConnection[]>;
  /** Removes the account's connection and domains; false when it had none. */
  remove(accountId: number): Promise<boolean>;
  /**
   * The account's person with this (lower-case) address, created as a
   * verified member without a password on first sign-in; 'elsewhere' when
   * the address belongs to another account's person.
   */
  joinMember(accountId: number, email: string, now: number): Promise<SsoMember>;
}
