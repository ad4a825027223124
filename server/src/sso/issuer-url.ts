/**
 * Why a text cannot be an SSO issuer, or null when it can: an absolute
 * https URL without query or fragment; plain http only on a loopback
 * address (127.0.0.0/8, localhost, [::1]), for development and tests, since
 * a provider's keys and tokens must not cross a network in clear.
 * @example issuerProblem('http://idp.example.com') // 'the issuer must be an https URL ...'
 */
export function issuerProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `the issuer must be a URL such as https://example.okta.com; got ${JSON.stringify(text)}`;
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '')
    return `the issuer must be a plain URL without query, fragment or credentials; got ${JSON.stringify(text)}`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return null;
  return `the issuer must be an https URL (plain http only on a loopback address such as 127.0.0.1, for development); got ${JSON.stringify(text)}`;
}

/**
 * Whether a URL's host name is a loopback address.
 * @example isLoopbackHost('127.0.0.1') // true
 */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}
