import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, waitForPort } from '../../../test/infra/free-port.js';
import { haproxyConfig } from '../../../test/infra/haproxy.js';

// docs/deploy.md's TLS frontend, run by Debian's haproxy with a self-signed certificate for 127.0.0.1, in place of
// the tested configuration's plain frontend. Behind it a server that answers with the request headers it got, to
// see what haproxy forwards (the instances take their scheme from USSYNTH_PUBLIC_URL, not from these headers).
const doc = readFileSync(new URL('../../../docs/deploy.md', import.meta.url), 'utf8');
const tlsSection = doc.slice(doc.indexOf('## TLS'), doc.indexOf('## Health and metrics'));
const frontend = /```\n(frontend api\n[\s\S]*?)```/.exec(tlsSection)![1];

const dir = mkdtempSync(join(tmpdir(), 'ussynth-haproxy-tls-'));
let echo: Server;
let haproxy: ChildProcess;
let tlsPort = 0;
let plainPort = 0;
let cert = '';

beforeAll(async () => {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
  writeFileSync(join(dir, 'site.pem'), cert + readFileSync(join(dir, 'key.pem'), 'utf8'));
  echo = createServer((request, response) => response.end(JSON.stringify(request.headers)));
  const echoPort = await freePort();
  await new Promise<void>((resolve) => echo.listen(echoPort, '127.0.0.1', resolve));
  [tlsPort, plainPort] = [await freePort(), await freePort()];
  const tested = haproxyConfig(0, [echoPort]);
  const ours = frontend
    .replace(/bind :443 ssl crt \S+/, `bind 127.0.0.1:${tlsPort} ssl crt ${join(dir, 'site.pem')}`)
    .replace(/bind :80\n/, `bind 127.0.0.1:${plainPort}\n`);
  const config =
    tested.slice(0, tested.indexOf('frontend api')) + ours + tested.slice(tested.indexOf('\nbackend ussynth') + 1);
  writeFileSync(join(dir, 'haproxy.cfg'), config);
  haproxy = spawn('haproxy', ['-db', '-f', join(dir, 'haproxy.cfg')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  haproxy.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  await waitForPort(tlsPort, 10_000, () =>
    haproxy.exitCode !== null ? `haproxy exited ${haproxy.exitCode}: ${errors}\n${config}` : undefined,
  );
}, 30_000);

afterAll(() => {
  haproxy?.kill('SIGKILL');
  echo?.close();
  rmSync(dir, { recursive: true, force: true });
});

function httpsGet(
  path: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port: tlsPort, path, ca: cert }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    }).on('error', reject);
  });
}

describe("docs/deploy.md's TLS frontend", () => {
  it('terminates TLS with the certificate and forwards X-Forwarded-Proto https and the client address', async () => {
    const response = await httpsGet('/v1/zip/10001');
    expect(response.status).toBe(200);
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
    const forwarded = JSON.parse(response.body) as Record<string, string>;
    expect(forwarded['x-forwarded-proto']).toBe('https');
    expect(forwarded['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('sends plain HTTP to https', async () => {
    const response = await fetch(`http://127.0.0.1:${plainPort}/dashboard?x=1`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(`https://127.0.0.1:${plainPort}/dashboard?x=1`);
  });
});
