/**
 * Where the provider sends the browser back after SSO sign-in; the redirect
 * URI is the public URL followed by this path.
 * @example `${publicUrl}${SSO_CALLBACK_PATH}` // 'https://api.example.com/signin/sso/callback'
 */
export const SSO_CALLBACK_PATH = '/signin/sso/callback';
