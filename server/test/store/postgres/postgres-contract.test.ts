import { afterAll, beforeAll } from 'vitest';
import { startPostgres, type TestPostgres } from '../../../../test/infra/postgres-server.js';
import { openPostgresStore } from '../../../src/store/postgres/postgres-store.js';
import { storeContract } from '../store-contract.js';

// The same contract as the embedded store, on a real PostgreSQL server on loopback: a fresh database per test.
let postgres: TestPostgres;
let databases = 0;
beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);
afterAll(() => postgres?.destroy());

storeContract('PostgreSQL', {
  open: () => openPostgresStore(postgres.createDatabase(`contract_${++databases}`)),
  dispose: (store) => store.close(),
});
