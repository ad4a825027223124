import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { haproxyConfig } from '../../../test/infra/haproxy.js';
import { loadConfig } from '../../src/config.js';
import { LEASE_IDLE_MS, LEASE_SHARE, MAX_LEASE_BLOCK, MIN_LEASE_BLOCK } from '../../src/limits/leased-quota.js';
import { TOKEN_BLOCK_SECONDS, TOKEN_BLOCK_TTL_MS, tokenBlock } from '../../src/limits/redis-token-bucket.js';

const doc = readFileSync(new URL('../../../docs/deploy.md', import.meta.url), 'utf8');
const config = readFileSync(new URL('../../src/config.ts', import.meta.url), 'utf8');
const defaults = loadConfig({ USSYNTH_WEB_DIR: '' });
/** The doc's text with line breaks as spaces, for sentences that wrap. */
const flat = doc.replace(/\s+/g, ' ');
const thousands = (n: number) => n.toLocaleString('en-US');

describe('docs/deploy.md', () => {
  it('shows exactly the haproxy configuration the scale-out tests run', () => {
    expect(doc).toContain('```\n' + haproxyConfig(8080, [3001, 3002, 3003]) + '```');
  });

  it('documents every environment variable the server reads', () => {
    const read = new Set(
      [...config.matchAll(/(?:env\.|')([A-Z][A-Z_]+)(?:'|\b)/g)]
        .map((m) => m[1])
        .filter((name) => name === 'PORT' || name === 'HOST' || name === 'LOG_LEVEL' || name.startsWith('USSYNTH_')),
    );
    expect(read.size).toBeGreaterThan(10);
    for (const name of read) expect(doc, name).toContain(`| \`${name}\` |`);
  });

  it('states the lease figures the code uses', () => {
    const section = doc.slice(doc.indexOf('### Monthly quotas: leases'), doc.indexOf('## Environment variables'));
    expect(section).toContain(`| First block of a key on an instance | ${MIN_LEASE_BLOCK} records`);
    expect(section).toContain(`| Largest block | ${MAX_LEASE_BLOCK.toLocaleString('en-US')} records |`);
    expect(section).toContain(`at most 1/${LEASE_SHARE} of the records still free`);
    expect(section).toContain(`has not drawn on for ${LEASE_IDLE_MS / 1000} s goes back`);
    expect(section).toContain(`blocks of 1/${1 / TOKEN_BLOCK_SECONDS} s of its rate`);
    expect(section).toContain(`asks once\nper ${tokenBlock(100_000).toLocaleString('en-US')} requests`);
    expect(TOKEN_BLOCK_TTL_MS).toBe(1000);
    expect(section).toContain('held tokens\nlapse after a second');
  });

  it('states the connection bounds of the configuration in the failure policy (the one failure model)', () => {
    const policy = flat.slice(flat.indexOf('## Failure policy'), flat.indexOf('## A systemd unit'));
    expect(policy).toContain(
      `${thousands(defaults.maxRecordsPerConnection)} records in the making per connection (${defaults.maxActivePerConnection} small answers) and ${thousands(defaults.maxRecordsPerKey)} per key`,
    );
    expect(policy).toContain(
      `${defaults.maxWaitingPerConnection} requests or ${thousands(defaults.maxRecordsPipelined)} records pipelined`,
    );
  });
});
