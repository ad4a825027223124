import { accountApi, AccountApiError } from './api.js';
import { byId, fieldValue, linkToken, say, submitting } from './page-kit.js';
import { signUpPlansText, type Plans } from './plan-offers.js';
import { slaTermsText, type SlaTerms } from './sla-panel.js';

/** A response that says what happens next (sign-up, new links). */
interface Accepted {
  status: string;
  detail: string;
}

/**
 * /signup: e-mail and password; the answer is the same whether or not the
 * address has an account ("check your e-mail").
 * @example signupPage()
 */
export function signupPage(): void {
  const form = byId<HTMLFormElement>('signup-form');
  const alertBox = byId('alert');
  const done = byId('done');
  // The plans and prices come from the service's configuration (its Stripe Prices), never from this page's text.
  accountApi<Plans>('GET', '/plans').then(
    (plans) => (byId('plans-note').textContent = signUpPlansText(plans)),
    () =>
      (byId('plans-note').textContent =
        'The plans could not be loaded just now; they are shown on your dashboard after signing up.'),
  );
  // The SLA's figures come from the same configuration as the dashboard's and /v1/sla's.
  accountApi<SlaTerms>('GET', '/sla/terms').then(
    (terms) => {
      const status = document.createElement('a');
      status.href = '/status';
      status.textContent = 'status page';
      byId('sla-note').replaceChildren(`${slaTermsText(terms)} See the live figures on the `, status, '.');
    },
    () => {},
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submitting(form, alertBox, async () => {
      const answer = await accountApi<Accepted>('POST', '/signup', {
        email: fieldValue(form, 'email'),
        password: fieldValue(form, 'password'),
      });
      form.hidden = true;
      say(done, `${answer.detail} The link confirms your address; then sign in to create API keys.`);
    });
  });
}

/**
 * /signin: e-mail and password; on success, the dashboard. "Sign in with
 * SSO": a work e-mail, then the browser goes to the company's provider. A
 * password sign-in refused for an SSO domain moves the address over to it.
 * @example signinPage()
 */
export function signinPage(): void {
  const form = byId<HTMLFormElement>('signin-form');
  const ssoForm = byId<HTMLFormElement>('sso-form');
  const alertBox = byId('alert');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submitting(form, alertBox, async () => {
      try {
        await accountApi('POST', '/session', {
          email: fieldValue(form, 'email'),
          password: fieldValue(form, 'password'),
        });
      } catch (error) {
        if (error instanceof AccountApiError && error.code === 'sso_required')
          byId<HTMLInputElement>('sso-email').value = fieldValue(form, 'email');
        throw error;
      }
      location.assign('/dashboard');
    });
  });
  ssoForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void submitting(ssoForm, alertBox, async () => {
      const { authorizationUrl } = await accountApi<{ authorizationUrl: string }>('POST', '/sso/start', {
        email: fieldValue(ssoForm, 'email'),
      });
      location.assign(authorizationUrl);
    });
  });
}

/**
 * /forgot-password: asks for a reset link (the same answer for any address).
 * @example forgotPasswordPage()
 */
export function forgotPasswordPage(): void {
  const form = byId<HTMLFormElement>('forgot-form');
  const alertBox = byId('alert');
  const done = byId('done');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submitting(form, alertBox, async () => {
      const answer = await accountApi<Accepted>('POST', '/password/forgot', { email: fieldValue(form, 'email') });
      form.hidden = true;
      say(done, `${answer.detail} The link works for one hour.`);
    });
  });
}

/**
 * /reset-password#token=...: a new password from the e-mailed link; a
 * stale, used or forged link is said plainly.
 * @example resetPasswordPage()
 */
export function resetPasswordPage(): void {
  const form = byId<HTMLFormElement>('reset-form');
  const alertBox = byId('alert');
  const done = byId('done');
  const token = linkToken(location.hash);
  if (token === '') {
    form.hidden = true;
    say(
      alertBox,
      'This page needs the link from the password-reset e-mail. Ask for a new one on the "Forgot your password?" page.',
    );
    return;
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submitting(form, alertBox, async () => {
      await accountApi('POST', '/password/reset', { token, password: fieldValue(form, 'password') });
      form.hidden = true;
      say(done, 'Your password is changed and every session was signed out. Sign in with the new password.');
    });
  });
}

/**
 * /verify-email#token=...: confirms the address with the e-mailed link as
 * soon as the page opens (the token is posted, never put in a URL the
 * server sees, and taken out of the address bar and history once used). In
 * the browser that signed up the answer signs the person in, and the page
 * leads to the dashboard; anywhere else it asks them to sign in, which
 * returns to the dashboard.
 * @example await verifyEmailPage()
 */
export async function verifyEmailPage(): Promise<void> {
  const alertBox = byId('alert');
  const done = byId('done');
  const next = byId('next');
  const token = linkToken(location.hash);
  if (token === '') {
    say(alertBox, 'This page needs the link from the verification e-mail. Sign in to ask for a new one.');
    return;
  }
  say(done, 'Confirming your e-mail address…');
  next.hidden = true;
  try {
    const { signedIn } = await accountApi<{ verified: boolean; signedIn: boolean }>('POST', '/verification/confirm', {
      token,
    });
    say(
      done,
      signedIn
        ? 'Your e-mail address is confirmed, and you are signed in: create your first API key on the dashboard.'
        : 'Your e-mail address is confirmed. Sign in to continue; the dashboard opens after.',
    );
    nextStep(next, signedIn ? ['/dashboard', 'Go to the dashboard'] : ['/signin', 'Sign in']);
  } catch (error) {
    say(done, '');
    say(
      alertBox,
      error instanceof AccountApiError
        ? `${error.detail.charAt(0).toUpperCase()}${error.detail.slice(1)}.`
        : 'The address could not be confirmed. Try the link again.',
    );
    nextStep(next, ['/signin', 'Sign in']);
  }
  // The token is spent either way: out of the address bar and the history.
  history.replaceState(null, '', location.pathname);
}

/** The one link a page offers next, as a button. */
function nextStep(next: HTMLElement, [href, text]: [string, string]): void {
  const link = document.createElement('a');
  link.className = 'button';
  link.href = href;
  link.textContent = text;
  next.replaceChildren(link);
  next.hidden = false;
}
