import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { jsonLocator, parseSchemaJson, planSchemaFile, type SchemaTablePlan } from '../../seed/schema-file-plan.js';
import { SeedError } from '../../seed/seed-error.js';

/**
 * The extensions `--schema` takes: JSON text, or a module whose default export is the schema (`defineSchema(...)`).
 * @example SCHEMA_FILE_EXTENSIONS.includes('.ts') // true
 */
export const SCHEMA_FILE_EXTENSIONS = ['.json', '.ts', '.mts', '.js', '.mjs'] as const;

/**
 * Why this Node cannot import a TypeScript file, or undefined when it can:
 * type stripping is on by default from Node 22.18 and 23.6 (`process.features.typescript`), and with
 * `--experimental-strip-types` from 22.6.
 * @example typeScriptProblem('crm.seed.ts', 'v20.20.2', undefined) // "crm.seed.ts: ... Node 22.18 ..."
 */
export function typeScriptProblem(file: string, version: string, typescript: unknown): string | undefined {
  if (typescript === 'strip' || typescript === 'transform') return undefined;
  return (
    `${file}: this Node (${version}) cannot load a TypeScript schema file: run ussynth on Node 22.18 or later ` +
    `(or 23.6 or later), or compile the file to JavaScript first (npx tsc --module nodenext ${file}, then --schema with the .js file), ` +
    'or write the schema as JSON'
  );
}

/** The schema file's value: the parsed JSON, or the module's default export. */
async function schemaValue(file: string): Promise<{ value: unknown; locate: Parameters<typeof planSchemaFile>[1] }> {
  const extension = extname(file).toLowerCase();
  if (!(SCHEMA_FILE_EXTENSIONS as readonly string[]).includes(extension))
    throw new SeedError(
      'invalid_schema',
      `${file}: a schema file is ${SCHEMA_FILE_EXTENSIONS.join(', ')} (JSON, or a module exporting defineSchema(...) as its default)`,
    );
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new SeedError('invalid_schema', `${file}: cannot read the schema file: ${(error as Error).message}`);
  }
  if (extension === '.json') return { value: parseSchemaJson(text, file), locate: jsonLocator(file, text) };
  if (extension === '.ts' || extension === '.mts') {
    const problem = typeScriptProblem(file, process.version, (process.features as { typescript?: unknown }).typescript);
    if (problem !== undefined) throw new SeedError('invalid_schema', problem);
  }
  let module: { default?: unknown };
  try {
    module = (await import(pathToFileURL(resolve(file)).href)) as { default?: unknown };
  } catch (error) {
    throw new SeedError(
      'invalid_schema',
      `${file}: the schema file does not load: ${moduleProblem(file, text, error)}`,
    );
  }
  if (module.default === undefined)
    throw new SeedError(
      'invalid_schema',
      `${file}: the schema file has no default export; end it with export default defineSchema({ tables: { ... } })`,
    );
  // A module's tables are located by name only: the lines of its source are not the value's.
  return { value: module.default, locate: () => `${file}: ` };
}

/**
 * What went wrong importing a module, with the file's line: from the stack where Node puts it there (a TypeScript
 * syntax error, an error thrown at the top level), else, for a JavaScript syntax error (whose stack has no place),
 * from Node's own syntax check of the text.
 */
function moduleProblem(file: string, text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  let line = new RegExp(`${escapeRegExp(resolve(file))}:(\\d+)`).exec(stack)?.[1];
  if (line === undefined && error instanceof SyntaxError) {
    const check = spawnSync(process.execPath, ['--input-type=module', '--check'], { input: text, encoding: 'utf8' });
    line = /^\[stdin\]:(\d+)/m.exec(check.stderr ?? '')?.[1];
  }
  return line === undefined ? message : `line ${line}: ${message}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Loads and plans `--schema FILE`: JSON (errors name the file and line) or a
 * TypeScript/JavaScript module whose default export is the schema; `set`
 * (`--set TABLE.COLUMN=RULE`) replaces a column's rule before the plan, so it
 * is checked as the file's own rules are. Every problem is a SeedError.
 * @example (await loadSchemaFile('docs/examples/crm.seed.json')).tables.map((t) => t.table)
 */
export async function loadSchemaFile(
  file: string,
  set: Readonly<Record<string, string>> = {},
): Promise<{ readonly tables: readonly SchemaTablePlan[] }> {
  const { value, locate } = await schemaValue(file);
  return planSchemaFile(withSetRules(value, set, file), locate);
}

/** The schema with each `--set TABLE.COLUMN=RULE` as that column's rule; a table or column not in the file is refused. */
function withSetRules(value: unknown, set: Readonly<Record<string, string>>, file: string): unknown {
  const entries = Object.entries(set);
  const tables = (value as { tables?: unknown } | undefined)?.tables;
  if (entries.length === 0 || typeof tables !== 'object' || tables === null) return value;
  const copy: Record<string, { columns?: Record<string, unknown> }> = { ...(tables as Record<string, never>) };
  for (const [target, rule] of entries) {
    const dot = target.indexOf('.');
    const table = copy[target.slice(0, dot)];
    if (dot < 0 || typeof table !== 'object' || table === null || !Object.hasOwn(copy, target.slice(0, dot)))
      throw new SeedError(
        'unknown_table',
        `--set ${target}: name a column as TABLE.COLUMN of a table of ${file} (${Object.keys(copy).join(', ')})`,
      );
    const columns = table.columns ?? {};
    const column = target.slice(dot + 1);
    if (!Object.hasOwn(columns, column))
      throw new SeedError(
        'unknown_column',
        `--set ${target}: table ${target.slice(0, dot)} of ${file} has no column ${JSON.stringify(column)}; its columns: ${Object.keys(columns).join(', ')}`,
      );
    copy[target.slice(0, dot)] = { ...table, columns: { ...columns, [column]: rule } };
  }
  return { ...(value as object), tables: copy };
}
