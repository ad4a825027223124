import { createHash, randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startOidcProvider } from '../oidc-test-provider.js';

// The test OpenID Provider prints nothing of its own: with its quick-start adapter and login pages it printed two
// "oidc-provider WARNING" lines at every start, twenty in a whole `npm test`, among which a real warning would be lost.
// The console is watched, not replaced: whatever is printed still reaches the output.
const warn = vi.spyOn(console, 'warn');
const info = vi.spyOn(console, 'info');
afterAll(() => {
  warn.mockRestore();
  info.mockRestore();
});

const printed = (): string[] =>
  [...warn.mock.calls, ...info.mock.calls]
    .map((args) => args.map(String).join(' '))
    .filter((line) => line.includes('oidc-provider'));

describe('the test OpenID Provider', () => {
  it('signs in through its login and consent pages and issues tokens, start after start, printing no warning', async () => {
    const callback = 'http://127.0.0.1:9/signin/sso/callback';
    for (const round of [1, 2]) {
      const idp = await startOidcProvider({ redirectUris: [callback] });
      try {
        const verifier = randomBytes(32).toString('base64url');
        const query = new URLSearchParams({
          client_id: idp.dashboard.id,
          redirect_uri: callback,
          response_type: 'code',
          scope: 'openid email',
          state: `s${round}`,
          nonce: `n${round}`,
          code_challenge: createHash('sha256').update(verifier).digest('base64url'),
          code_challenge_method: 'S256',
        });
        const back = new URL(await idp.signInAs(`${idp.issuer}/auth?${query}`, 'ada@bigco.example'));
        expect(back.origin + back.pathname).toBe(callback);
        expect(back.searchParams.get('state')).toBe(`s${round}`);
        expect(back.searchParams.get('code')).toMatch(/^\S{20,}$/);
        const cancelled = new URL(
          await idp.signInAs(`${idp.issuer}/auth?${query}`, 'ada@bigco.example', { cancel: true }),
        );
        expect(cancelled.searchParams.get('error')).toBe('access_denied');
        expect(await idp.accessToken()).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      } finally {
        await idp.stop();
      }
    }
    expect(printed()).toEqual([]);
  });
});
