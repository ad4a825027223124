// `--schema FILE`: JSON and JavaScript/TypeScript schema files loaded and planned, --set applied to them, and every
// bad file refused with a SeedError naming the file (and, for JSON, the line).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSchemaFile, typeScriptProblem } from '../../../src/cli/jobs/schema-file.js';
import { SeedError } from '../../../src/seed/seed-error.js';

const scratch = mkdtempSync(join(tmpdir(), 'ussynth-schema-file-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const EXAMPLE = new URL('../../../docs/examples/crm.seed.json', import.meta.url).pathname;

function file(name: string, text: string): string {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}

async function refusal(path: string, set: Record<string, string> = {}): Promise<SeedError> {
  const error = await loadSchemaFile(path, set).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SeedError);
  return error as SeedError;
}

const TWO_TABLES = {
  tables: {
    contacts: {
      kind: 'employee',
      count: { per: 'companies', min: 1, max: 3 },
      columns: { id: 'uuid', company_id: '-> companies.id', email: 'email' },
    },
    companies: { kind: 'company', count: 4, columns: { id: 'id', name: 'name' } },
  },
};

describe('loadSchemaFile', () => {
  it('plans the example JSON file: its tables parents first, with their counts and keys', async () => {
    const plan = await loadSchemaFile(EXAMPLE);
    expect(plan.tables.map((t) => t.table)).toEqual(['companies', 'contacts', 'households', 'people', 'accounts']);
    expect(plan.tables[1].count).toEqual({ per: 'companies', min: 1, max: 5 });
    expect(plan.tables[3].count).toBeUndefined();
    expect(plan.tables[0].primaryKey).toBe('id');
  });

  it('loads a JavaScript module and a TypeScript one (types stripped) by their default export', async () => {
    const js = file('two.seed.mjs', `export default ${JSON.stringify(TWO_TABLES)};\n`);
    const ts = file(
      'two.seed.ts',
      `interface Note { readonly text: string }\nconst note: Note = { text: 'typed' };\nvoid note;\nconst schema: { tables: Record<string, unknown> } = ${JSON.stringify(TWO_TABLES)};\nexport default schema;\n`,
    );
    for (const path of [js, ts]) {
      const plan = await loadSchemaFile(path);
      expect(
        plan.tables.map((t) => t.table),
        path,
      ).toEqual(['companies', 'contacts']);
      expect(plan.tables[1].columns.map((c) => c.column)).toEqual(['id', 'company_id', 'email']);
    }
  });

  it('--set replaces a column rule of the file, checked as the file is', async () => {
    const plan = await loadSchemaFile(EXAMPLE, { 'accounts.status': 'const:open' });
    const status = plan.tables.find((t) => t.table === 'accounts')!.columns.find((c) => c.column === 'status')!;
    expect(status.rule).toEqual({ rule: 'constant', value: 'open' });
    expect((await refusal(EXAMPLE, { 'ledger.status': 'const:x' })).code).toBe('unknown_table');
    expect((await refusal(EXAMPLE, { 'accounts.colour': 'const:x' })).message).toMatch(
      /table accounts of .*crm\.seed\.json has no column "colour"; its columns: id, person_id/,
    );
    const bad = await refusal(EXAMPLE, { 'accounts.balance': 'int:9..1' });
    expect(bad.code).toBe('invalid_rule');
    expect(bad.message).toMatch(/crm\.seed\.json:\d+: table accounts, column balance/);
  });

  it('a JSON file that does not parse: file, line and column', async () => {
    const path = file('broken.json', '{\n  "tables": {\n    "a": { "kind": "plain", }\n  }\n}\n');
    const error = await refusal(path);
    expect(error.code).toBe('invalid_schema');
    expect(error.message).toMatch(new RegExp(`^${path}:3:\\d+: the schema file is not valid JSON`));
  });

  it('a JSON file with a bad table or reference: file, line and table', async () => {
    const text = JSON.stringify(
      {
        tables: {
          companies: { kind: 'company', count: 2, columns: { id: 'id' } },
          contacts: { kind: 'employee', count: 3, columns: { id: 'id', company_id: '-> firms.id' } },
        },
      },
      null,
      2,
    );
    const error = await refusal(file('ref.json', text));
    expect(error.code).toBe('unknown_table');
    const line = text.split('\n').findIndex((l) => l.includes('"company_id"')) + 1;
    expect(error.message).toContain(`ref.json:${line}: table contacts, column company_id: references firms`);
  });

  it('a module that throws, or has no default export, or is no schema: the file named (and the line)', async () => {
    const thrown = await refusal(file('thrown.seed.mjs', "const a = 1;\nthrow new Error('no tables ' + a);\n"));
    expect(thrown.message).toMatch(/thrown\.seed\.mjs: the schema file does not load: line 2: no tables 1$/);
    const none = await refusal(file('none.seed.mjs', 'export const schema = {};\n'));
    expect(none.message).toMatch(
      /none\.seed\.mjs: the schema file has no default export; end it with export default defineSchema/,
    );
    const empty = await refusal(file('empty.seed.mjs', 'export default { tables: {} };\n'));
    expect(empty.message).toMatch(/empty\.seed\.mjs: a schema file is an object with "tables"/);
  });

  it('a file of another extension, or missing', async () => {
    expect((await refusal(file('crm.yaml', 'tables: {}'))).message).toMatch(
      /crm\.yaml: a schema file is \.json, \.ts, \.mts, \.js, \.mjs/,
    );
    expect((await refusal(join(scratch, 'missing.json'))).message).toMatch(
      /missing\.json: cannot read the schema file/,
    );
  });

  it('says how to go on when this Node cannot load TypeScript', () => {
    expect(typeScriptProblem('crm.seed.ts', 'v22.23.5', 'strip')).toBeUndefined();
    const problem = typeScriptProblem('crm.seed.ts', 'v20.20.2', undefined);
    expect(problem).toMatch(/^crm\.seed\.ts: this Node \(v20\.20\.2\) cannot load a TypeScript schema file/);
    expect(problem).toMatch(/Node 22\.18 or later/);
    expect(problem).toMatch(/npx tsc/);
  });
});
