import type { CustomFetch } from 'openid-client';

/** Largest document read from a customer's identity provider (discovery, key set, token answers): real ones are a few KiB. */
export const PROVIDER_DOCUMENT_MAX_BYTES = 256 * 1024;
/** Most keys a provider's key set (JWKS) may publish: providers publish a handful, a few during a rotation. */
export const JWKS_MAX_KEYS = 100;

/** A provider's document was larger than the service reads (a misconfigured or hostile provider). */
export class ProviderDocumentTooLargeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderDocumentTooLargeError';
  }
}

/**
 * The body of `response`, read up to `maxBytes` (after decompression): a
 * larger declared Content-Length is refused before reading, and a body that
 * grows past the cap while streaming is cancelled, so a provider's answer
 * can never hold more than `maxBytes` of this process's memory.
 * @example const bytes = await readCapped(await fetch(url), PROVIDER_DOCUMENT_MAX_BYTES);
 */
export async function readCapped(response: Response, maxBytes: number = PROVIDER_DOCUMENT_MAX_BYTES): Promise<Buffer> {
  const tooLarge = (size: string) =>
    new ProviderDocumentTooLargeError(
      `its answer from ${response.url || 'the provider'} is ${size}, over the ${maxBytes / 1024} KiB the service reads`,
    );
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge(`${declared} bytes`);
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(`more than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/**
 * A fetch for openid-client (its `customFetch`) that reads each answer's
 * body through readCapped and hands the library a Response of those bytes.
 * @example oidc.discovery(url, clientId, undefined, auth, { [oidc.customFetch]: cappedFetch() })
 */
export function cappedFetch(maxBytes: number = PROVIDER_DOCUMENT_MAX_BYTES): CustomFetch {
  return async (url, options) => {
    const response = await fetch(url, options as RequestInit);
    const body = await readCapped(response, maxBytes);
    // Statuses that carry no body must be rebuilt without one.
    const bodyless = response.status === 204 || response.status === 205 || response.status === 304;
    const copy = new Response(bodyless ? null : new Uint8Array(body), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    // The library reads `url` (redirect checks); a constructed Response has none, so it is carried over.
    Object.defineProperty(copy, 'url', { value: response.url });
    return copy;
  };
}
