import type { Kysely } from 'kysely';
import type { PeopleStore } from './people-store.js';
import type { NewSsoConnection, SsoConnection, SsoMember, SsoStore } from './sso-store.js';
import { StoreConflictError } from './store.js';
import type { StoreDatabase } from './store-schema.js';

/**
 * The SSO side of a store, in Kysely queries that SQLite and PostgreSQL both
 * run (read by the server through a per-account cache, never per request).
 * @example const sso = new KyselySso(db, people); await sso.findByDomain('example.com');
 */
export class KyselySso implements SsoStore {
  constructor(
    private readonly db: Kysely<StoreDatabase>,
    private readonly people: PeopleStore,
  ) {}

  async setConnection(accountId: number, connection: NewSsoConnection, now: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const taken = connection.domains.length
        ? await tx
            .selectFrom('sso_domains as d')
            .innerJoin('accounts as a', 'a.id', 'd.account_id')
            .select(['d.domain', 'a.name'])
            .where('d.domain', 'in', [...connection.domains])
            .where('d.account_id', '!=', accountId)
            .executeTakeFirst()
        : undefined;
      if (taken)
        throw new StoreConflictError(
          `the domain ${taken.domain} already signs in through the SSO of account "${taken.name}"; remove it there first`,
        );
      const values = {
        issuer: connection.issuer,
        client_id: connection.clientId,
        client_secret_sealed: Buffer.from(connection.sealedClientSecret),
        audience: connection.audience,
        jwks_uri: connection.jwksUri,
        org_claim: connection.orgClaim,
        org_value: connection.orgValue,
        updated_at: now,
      };
      await tx
        .insertInto('sso_connections')
        .values({ account_id: accountId, ...values })
        .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
        .execute();
      await tx.deleteFrom('sso_domains').where('account_id', '=', accountId).execute();
      for (const domain of connection.domains)
        await tx.insertInto('sso_domains').values({ domain, account_id: accountId }).execute();
    });
  }

  async find(accountId: number): Promise<SsoConnection | undefined> {
    return (await this.connections({ accountId }))[0];
  }

  async findByDomain(domain: string): Promise<SsoConnection | undefined> {
    const row = await this.db
      .selectFrom('sso_domains')
      .select('account_id')
      .where('domain', '=', domain)
      .executeTakeFirst();
    return row && this.find(row.account_id);
  }

  async findByIssuer(issuer: string): Promise<SsoConnection[]> {
    return this.connections({ issuer });
  }

  async remove(accountId: number): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('sso_domains').where('account_id', '=', accountId).execute();
      const removed = await tx.deleteFrom('sso_connections').where('account_id', '=', accountId).executeTakeFirst();
      return removed.numDeletedRows > 0n;
    });
  }

  async joinMember(accountId: number, email: string, now: number): Promise<SsoMember> {
    const existing = await this.people.findPersonByEmail(email);
    if (existing) return existing.accountId === accountId ? existing : 'elsewhere';
    // The provider vouched for the address: verified, and no password (this person signs in through SSO only).
    // A second first sign-in racing this one hits the unique e-mail and reads the winner's row.
    await this.db
      .insertInto('people')
      .values({
        account_id: accountId,
        email,
        password_hash: null,
        email_verified_at: now,
        role: 'member',
        created_at: now,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
    const person = await this.people.findPersonByEmail(email);
    if (!person) throw new Error(`the member ${email} could not be read back`);
    return person.accountId === accountId ? person : 'elsewhere';
  }

  // Connections of live Enterprise accounts only, with their domains (sorted).
  private async connections(by: { accountId: number } | { issuer: string }): Promise<SsoConnection[]> {
    let query = this.db
      .selectFrom('sso_connections as c')
      .innerJoin('accounts as a', 'a.id', 'c.account_id')
      .selectAll('c')
      .select('a.name')
      .where('a.deleted_at', 'is', null)
      .where('a.tier', '=', 'enterprise');
    query = 'issuer' in by ? query.where('c.issuer', '=', by.issuer) : query.where('c.account_id', '=', by.accountId);
    const rows = await query.orderBy('c.account_id').execute();
    if (rows.length === 0) return [];
    const domains = await this.db
      .selectFrom('sso_domains')
      .select(['domain', 'account_id'])
      .where(
        'account_id',
        'in',
        rows.map((row) => row.account_id),
      )
      .orderBy('domain')
      .execute();
    return rows.map((row) => ({
      accountId: row.account_id,
      accountName: row.name,
      issuer: row.issuer,
      clientId: row.client_id,
      sealedClientSecret: row.client_secret_sealed,
      audience: row.audience,
      jwksUri: row.jwks_uri,
      orgClaim: row.org_claim,
      orgValue: row.org_value,
      domains: domains.filter((d) => d.account_id === row.account_id).map((d) => d.domain),
      updatedAt: row.updated_at,
    }));
  }
}
