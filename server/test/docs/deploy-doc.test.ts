import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { haproxyConfig } from '../../../test/infra/haproxy.js';

const doc = readFileSync(new URL('../../../docs/deploy.md', import.meta.url), 'utf8');
const config = readFileSync(new URL('../../src/config.ts', import.meta.url), 'utf8');

describe('docs/deploy.md', () => {
  it('shows exactly the haproxy configuration the scale-out tests run', () => {
    expect(doc).toContain('```\n' + haproxyConfig(8080, [3001, 3002, 3003]) + '```');
  });

  it('documents every environment variable the server reads', () => {
    const read = new Set([...config.matchAll(/(?:env\.|')([A-Z][A-Z_]+)(?:'|\b)/g)].map((m) => m[1]).filter((name) => name === 'PORT' || name === 'HOST' || name === 'LOG_LEVEL' || name.startsWith('USSYNTH_')));
    expect(read.size).toBeGreaterThan(10);
    for (const name of read) expect(doc, name).toContain(`| \`${name}\` |`);
  });
});
