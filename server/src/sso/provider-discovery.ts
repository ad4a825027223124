import * as oidc from 'openid-client';
import { isLoopbackHost } from './issuer-url.js';
import { cappedFetch } from './provider-documents.js';

/** Seconds allowed for each request to a provider (discovery, token exchange). */
export const PROVIDER_TIMEOUT_SECONDS = 10;

/**
 * Reads an OpenID Provider's discovery document
 * (`{issuer}/.well-known/openid-configuration`) with openid-client, which
 * checks that the document names exactly this issuer, and returns the
 * client configuration for the authorization code flow (client secret
 * sent with HTTP Basic, the OpenID Connect default). Each answer is read up
 * to PROVIDER_DOCUMENT_MAX_BYTES (a larger one fails). Plain http is allowed
 * only for a loopback issuer (issuerProblem refuses the rest first).
 * @example const config = await discoverProvider('https://example.okta.com', 'client-id', 'secret'); config.serverMetadata().jwks_uri
 */
export async function discoverProvider(
  issuer: string,
  clientId: string,
  clientSecret: string,
): Promise<oidc.Configuration> {
  const url = new URL(issuer);
  const insecure = url.protocol === 'http:' && isLoopbackHost(url.hostname);
  return oidc.discovery(url, clientId, undefined, oidc.ClientSecretBasic(clientSecret), {
    timeout: PROVIDER_TIMEOUT_SECONDS,
    execute: insecure ? [oidc.allowInsecureRequests] : [],
    // Every answer of the provider (discovery here, then the token endpoint's) is read up to 256 KiB, no more.
    [oidc.customFetch]: cappedFetch(),
  });
}
