import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';

/**
 * The test OpenID Provider's own login and consent pages at
 * `/interaction/UID` (GET the page, POST its form, GET `/abort` to cancel):
 * any login with any password signs in as that login, and consent grants
 * what the client asked. They do what oidc-provider's devInteractions
 * pages do, with the same fields and buttons, but given as the provider's
 * interactions, so the provider does not warn that a quick-start feature
 * is on.
 * @example if (request.url?.startsWith('/interaction/')) return interactions(request, response);
 */
export function interactionPages(
  provider: Provider,
): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  return async (request, response) => {
    const match = /^\/interaction\/([A-Za-z0-9_-]+)(\/abort)?$/.exec(
      new URL(request.url ?? '/', 'http://provider').pathname,
    );
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    const details = await provider.interactionDetails(request, response);
    if (match[2] !== undefined) {
      await provider.interactionFinished(
        request,
        response,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (request.method === 'GET') {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(page(details.uid, details.prompt.name));
      return;
    }
    const form = new URLSearchParams(await bodyText(request));
    if (form.get('prompt') === 'login' && details.prompt.name === 'login') {
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId: form.get('login') ?? '' } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (form.get('prompt') !== 'consent' || details.prompt.name !== 'consent') {
      response.writeHead(400).end(`expected the ${details.prompt.name} form`);
      return;
    }
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    const grant =
      details.grantId !== undefined
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id as string });
    if (grant === undefined) throw new Error(`grant ${details.grantId} is gone`);
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '));
    await provider.interactionFinished(
      request,
      response,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  };
}

function page(uid: string, prompt: string): string {
  const fields =
    prompt === 'login'
      ? '<input type="hidden" name="prompt" value="login"><input name="login" placeholder="Enter any login" autofocus><input name="password" type="password" placeholder="and password"><button type="submit">Sign-in</button>'
      : '<input type="hidden" name="prompt" value="consent"><button type="submit">Continue</button>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test provider: ${prompt}</title></head><body><h1>Test provider</h1><form method="post" action="/interaction/${uid}">${fields}</form><a href="/interaction/${uid}/abort">Cancel</a></body></html>`;
}

async function bodyText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
