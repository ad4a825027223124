import { COLUMN_TYPES, type StoreMigration } from './store-migration.js';

/**
 * Enterprise single sign-on: one OpenID Provider per account (the client secret sealed, never in clear) and the
 * e-mail domains that lead to it; a domain belongs to one account.
 * @example await migration0004SsoConnections.up(db, 'sqlite'); // as storeMigrations('sqlite') runs it
 */
export const migration0004SsoConnections: StoreMigration = {
  names: { sqlite: '0004_sso_connections', postgres: '0002_sso_connections' },
  async up(db, engine) {
    const t = COLUMN_TYPES[engine];
    await db.schema
      .createTable('sso_connections')
      .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id'))
      .addColumn('issuer', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('client_secret_sealed', t.bytes, (c) => c.notNull())
      .addColumn('audience', 'text', (c) => c.notNull())
      .addColumn('jwks_uri', 'text', (c) => c.notNull())
      .addColumn('org_claim', 'text')
      .addColumn('org_value', 'text')
      .addColumn('updated_at', t.epoch, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sso_connections_issuer').on('sso_connections').column('issuer').execute();
    await db.schema
      .createTable('sso_domains')
      .addColumn('domain', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'integer', (c) => c.notNull().references('sso_connections.account_id'))
      .execute();
    await db.schema.createIndex('sso_domains_account').on('sso_domains').column('account_id').execute();
  },
  async down(db) {
    await db.schema.dropTable('sso_domains').execute();
    await db.schema.dropTable('sso_connections').execute();
  },
};
