import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addressCommand } from '../../src/cli/commands/address.js';
import { batchCommand } from '../../src/cli/commands/batch.js';
import { dataCommand } from '../../src/cli/commands/data.js';
import { companyCommand } from '../../src/cli/commands/company.js';
import { einCommand } from '../../src/cli/commands/ein.js';
import { employeeCommand } from '../../src/cli/commands/employee.js';
import { householdCommand } from '../../src/cli/commands/household.js';
import { phoneCommand } from '../../src/cli/commands/phone.js';
import { seedCommand } from '../../src/cli/commands/seed.js';
import { EXIT_UNKNOWN_ZIP, zipCommand } from '../../src/cli/commands/zip.js';
import { EXIT_GENERATION_FAILED, EXIT_REMOTE_FAILED, EXIT_WRITE_FAILED } from '../../src/cli/jobs/run-record-job.js';
import { API_KEY_ENV } from '../../src/cli/jobs/remote-source.js';
import { DEFAULT_CONCURRENCY, DEFAULT_MAX_RETRIES } from '../../src/client/client-options.js';
import { API_MAX_BATCH } from '../../src/client/record-pages.js';
import { FORMAT_NAMES } from '../../src/records/formats/record-format.js';
import { SQL_ROWS_PER_INSERT } from '../../src/records/formats/sql-format.js';
import { CHUNK_RECORDS } from '../../src/records/record-job.js';
import { PROGRESS_MIN_RECORDS } from '../../src/cli/output/progress-bar.js';

const docs = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');

describe('docs/cli.md', () => {
  for (const command of [
    addressCommand,
    batchCommand,
    companyCommand,
    einCommand,
    householdCommand,
    employeeCommand,
    phoneCommand,
    zipCommand,
    dataCommand,
    seedCommand,
  ]) {
    it(`documents every option of ${command.name} --help, and the help has examples`, () => {
      expect(docs).toContain(`ussynth ${command.name}`);
      for (const option of new Set(command.help.match(/--[a-z][a-z-]+/g) ?? [])) expect(docs).toContain(option);
      expect(command.help).toMatch(/Examples:\n {2}ussynth /);
    });
  }

  it('states the constants the code uses', () => {
    for (const format of FORMAT_NAMES) expect(docs).toContain(`\`${format}\``);
    expect(docs).toContain(`up to ${SQL_ROWS_PER_INSERT} rows`);
    expect(docs).toContain(`chunks\n  of ${CHUNK_RECORDS.toLocaleString('en-US')}`);
    expect(docs).toContain(`at least ${PROGRESS_MIN_RECORDS.toLocaleString('en-US')}\n  records`);
    for (const status of [EXIT_UNKNOWN_ZIP, 2, EXIT_REMOTE_FAILED, EXIT_GENERATION_FAILED, EXIT_WRITE_FAILED])
      expect(docs).toMatch(new RegExp(`^\\| ${status} \\|`, 'm'));
    expect(docs).toMatch(/^\| 130, 143 \|/m);
  });

  it('documents --remote: where the key comes from, the pages and the retries it uses', () => {
    expect(docs).toContain('## The hosted API: `--remote URL`');
    expect(docs).toContain(`\`${API_KEY_ENV}\` environment variable`);
    expect(docs).toContain(`pages of ${API_MAX_BATCH.toLocaleString('en-US')} records`);
    expect(docs).toContain(`${DEFAULT_CONCURRENCY} in flight`);
    expect(docs).toContain(`at most ${DEFAULT_MAX_RETRIES} times`);
  });
});
