const SECRET_NAME = /key|token|secret|auth/i;
const SECRET_VALUE = /uss_(?:live|test)_/;
// The SSO callback's query carries an authorization code and its state: kept out of the logs whole.
const SSO_CALLBACK = '/signin/sso/callback?';

/**
 * A request target safe to log: values of key-like parameters, and any value
 * that looks like an API key, are replaced, so a key sent in the URL by
 * mistake never reaches the logs; the SSO callback's whole query (an
 * authorization code) too.
 * @example redactedUrl('/v1/ein?api_key=uss_live_x') // "/v1/ein?api_key=[redacted]"
 */
export function redactedUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  if (url.startsWith(SSO_CALLBACK)) return `${SSO_CALLBACK}[redacted]`;
  const parts = url.slice(mark + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    let decoded = pair;
    try {
      decoded = decodeURIComponent(pair.replace(/\+/g, ' '));
    } catch {
      // Undecodable text is checked as sent.
    }
    return SECRET_NAME.test(name) || SECRET_VALUE.test(decoded) ? `${name}=[redacted]` : pair;
  });
  return url.slice(0, mark + 1) + parts.join('&');
}
