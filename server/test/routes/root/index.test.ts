import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CSP } from '../../../src/http/page-headers.js';
import { startTestServer, type TestServer } from '../../test-server.js';

const outside = mkdtempSync(join(tmpdir(), 'ussynth-outside-'));
const web = mkdtempSync(join(tmpdir(), 'ussynth-web-'));
let server: TestServer;
beforeAll(async () => {
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>demo</title>');
  writeFileSync(join(web, 'app.js'), 'console.log(1)');
  writeFileSync(join(web, '.env'), 'SECRET=1');
  mkdirSync(join(web, '.git'));
  writeFileSync(join(web, '.git', 'config'), '[core]');
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(outside, 'secret.txt'), 'outside the web folder');
  symlinkSync(join(outside, 'secret.txt'), join(web, 'leak.txt'));
  symlinkSync(outside, join(web, 'assets', 'elsewhere'));
  symlinkSync(join(web, 'app.js'), join(web, 'alias.js'));
  server = await startTestServer({ config: { webDir: web } });
});
afterAll(async () => {
  await server.destroy();
  rmSync(web, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('the static web folder at /', () => {
  it('serves pages and files with the page security headers (CSP, no framing)', async () => {
    for (const path of ['/', '/app.js']) {
      const response = await server.get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-security-policy'), path).toBe(PAGE_CSP);
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('serves no dotfile and nothing a symbolic link takes out of the folder (404); a link within it is fine', async () => {
    for (const path of ['/.env', '/.git/config', '/%2eenv', '/leak.txt', '/assets/elsewhere/secret.txt']) {
      const response = await server.get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/problem\+json/);
      expect(await response.text()).not.toMatch(/SECRET|outside the web folder|core/);
    }
    expect(await (await server.get('/alias.js')).text()).toBe('console.log(1)');
  });
});
