import { accountApi, AccountApiError, useCsrfToken } from './api.js';
import { byId, failureText, fieldValue, say, submitting } from './page-kit.js';
import { usageChart } from './usage-chart.js';
import { billingPanel } from './billing-panel.js';
import { PLAN_NAMES } from './plan-offers.js';
import { refreshSla } from './sla-panel.js';
import { quotaNoticesPanel } from './quota-notices-panel.js';

/** GET /account/v1/me. */
interface Me {
  email: string;
  verified: boolean;
  role: 'owner' | 'member';
  account: { name: string; plan: string; rate: number; monthlyQuota: number };
  baseUrl: string;
  csrfToken: string;
  /** False for people who sign in through SSO only. */
  hasPassword: boolean;
}

/** GET /account/v1/sso. */
interface SsoSettings {
  sso: {
    issuer: string;
    clientId: string;
    audience: string;
    orgClaim: string | null;
    orgValue: string | null;
    domains: string[];
    updatedAt: string;
  } | null;
  redirectUri: string;
}

/** A key as the account API lists it. */
interface KeyListing {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  status: 'active' | 'expiring' | 'expired' | 'revoked';
}

/** GET /account/v1/usage. */
interface Usage {
  plan: 'none' | 'standard' | 'pro' | 'enterprise';
  month: string;
  used: number;
  quota: number;
  remaining: number;
  resetsAt: string;
  refused: { rate_limited: number; quota_exceeded: number; subscription_required: number };
  days: { day: string; records: number; rateLimited: number; quotaExceeded: number }[];
}

const GRACE_CHOICES: [string, number][] = [
  ['no grace', 0],
  ['1 hour', 3600],
  ['1 day', 86_400],
  ['7 days', 7 * 86_400],
];

/** `2026-11-23 14:05 UTC` from an ISO time; a dash for none. */
function when(iso: string | null): string {
  return iso === null ? '—' : `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

const number = (n: number) => n.toLocaleString('en-US');

/**
 * /dashboard: the plan, the base URL with a curl line, the keys (create,
 * copy once, revoke, roll), usage with a chart, and the account's settings.
 * Every text that came from a person (key names, the e-mail) is set as text.
 * @example await dashboardPage()
 */
export async function dashboardPage(): Promise<void> {
  const alertBox = byId('alert');
  const status = byId('status');
  let me: Me;
  try {
    me = await accountApi<Me>('GET', '/me');
  } catch (error) {
    if (error instanceof AccountApiError && error.status === 401) return location.assign('/signin');
    return say(alertBox, failureText(error));
  }
  useCsrfToken(me.csrfToken);
  renderIdentity(me);
  renderPlan(me);
  wireKeys(me);
  wireAccountForms();
  byId('signout').addEventListener('click', () => void signOut('/session'));
  byId('signout-all').addEventListener('click', () => void signOut('/sessions'));
  await Promise.all([
    refreshKeys(),
    refreshUsage(),
    refreshSla(),
    quotaNoticesPanel(me.role === 'owner', alertBox),
    renderSso(me),
  ]);
  // The plan as billing has it; once a Checkout's payment arrives, the plan's limits and usage are shown again.
  void billingPanel(async () => {
    renderPlan(await accountApi<Me>('GET', '/me'));
    await refreshUsage();
  }).catch((error: unknown) => say(alertBox, failureText(error)));
  // The keys too: their "Last used" moves with the usage.
  byId('refresh-usage').addEventListener(
    'click',
    () =>
      void Promise.all([refreshUsage(), refreshSla(), refreshKeys()]).catch((error: unknown) =>
        say(alertBox, failureText(error)),
      ),
  );
  say(status, '');

  function renderIdentity(current: Me): void {
    byId('who').textContent = current.email;
    byId('account-name').textContent = current.account.name;
    byId('verify-banner').hidden = current.verified;
    byId('base-url').textContent = current.baseUrl;
    byId('curl-line').textContent = `curl -H "x-api-key: $USSYNTH_API_KEY" '${current.baseUrl}/v1/address?state=CA'`;
  }

  // An Enterprise account's SSO, read-only; its API calls need the provider's token too, so the curl line says so.
  async function renderSso(current: Me): Promise<void> {
    byId('sso-account-note').hidden = current.hasPassword;
    byId('password-form').hidden = !current.hasPassword;
    // Only an owner may delete the account (the API refuses members), and the check is the owner's password.
    byId('delete-form').hidden = current.role !== 'owner' || !current.hasPassword;
    if (current.account.plan !== 'enterprise') return;
    const { sso, redirectUri } = await accountApi<SsoSettings>('GET', '/sso');
    if (sso === null) return;
    byId('sso-domains').textContent = sso.domains.length ? sso.domains.join(', ') : 'no domain yet';
    byId('sso-issuer').textContent = sso.issuer;
    byId('sso-issuer-url').textContent = sso.issuer;
    byId('sso-client-id').textContent = sso.clientId;
    byId('sso-redirect-uri').textContent = redirectUri;
    byId('sso-audience').textContent = sso.audience;
    byId('sso-org').textContent = sso.orgClaim === null ? '—' : `${sso.orgClaim} = ${sso.orgValue}`;
    byId('sso-section').hidden = false;
    byId('curl-line').textContent =
      `curl -H "x-api-key: $USSYNTH_API_KEY" -H "Authorization: Bearer $ACCESS_TOKEN" '${current.baseUrl}/v1/address?state=CA'`;
  }

  function renderPlan(current: Me): void {
    byId('plan-name').textContent = PLAN_NAMES[current.account.plan] ?? current.account.plan;
    byId('plan-rate').textContent = `${number(current.account.rate)} requests per second`;
    byId('plan-quota').textContent = `${number(current.account.monthlyQuota)} records per month`;
    byId('plan-limits').hidden = current.account.plan === 'none';
  }

  async function refreshKeys(): Promise<void> {
    // The endpoint answers a page at a time (100 keys); the table shows them all, newest first.
    const keys: KeyListing[] = [];
    let cursor: string | null = null;
    do {
      const page: { keys: KeyListing[]; nextCursor: string | null } = await accountApi(
        'GET',
        cursor === null ? '/keys' : `/keys?cursor=${encodeURIComponent(cursor)}`,
      );
      keys.push(...page.keys);
      cursor = page.nextCursor;
    } while (cursor !== null);
    const body = byId<HTMLTableSectionElement>('keys-body');
    body.replaceChildren(...keys.map(keyRow));
    // No keys: the sentence alone, not an empty table's header beside it.
    byId('keys-wrap').hidden = keys.length === 0;
    byId('no-keys').hidden = keys.length > 0;
  }

  function keyRow(key: KeyListing): HTMLTableRowElement {
    const row = document.createElement('tr');
    // Each cell names its column (data-label): on a narrow screen the table becomes one card per key (styles.css).
    const cell = (label: string, text: string) => {
      const td = document.createElement('td');
      td.dataset.label = label;
      td.textContent = text;
      row.append(td);
      return td;
    };
    cell('Name', key.name === '' ? '(unnamed)' : key.name);
    const idCell = cell('ID', '');
    const code = document.createElement('code');
    code.textContent = key.id;
    idCell.append(code);
    cell('Created', when(key.createdAt));
    cell('Last used', when(key.lastUsedAt));
    cell('Expires', when(key.expiresAt));
    cell('Status', key.status === 'expiring' ? `works until ${when(key.expiresAt)}` : key.status);
    const actions = cell('Actions', '');
    if (key.status === 'active' || key.status === 'expiring') {
      const revoke = document.createElement('button');
      revoke.type = 'button';
      revoke.className = 'secondary';
      revoke.textContent = 'Revoke';
      revoke.setAttribute('aria-label', `Revoke key ${key.id}`);
      revoke.addEventListener(
        'click',
        () =>
          void keyAction(async () => {
            await accountApi('POST', `/keys/${encodeURIComponent(key.id)}/revoke`);
            say(status, `Key ${key.id} is revoked; requests with it now get 401.`);
          }),
      );
      const grace = document.createElement('select');
      // A visible label beside Roll ("Old key works for 1 hour"), naming the key for screen readers only.
      const graceLabel = document.createElement('label');
      graceLabel.className = 'grace';
      const whichKey = document.createElement('span');
      whichKey.className = 'visually-hidden';
      whichKey.textContent = ` (rolling key ${key.id})`;
      graceLabel.append('Old key works for', whichKey, ' ', grace);
      for (const [label, seconds] of GRACE_CHOICES) grace.append(new Option(label, String(seconds)));
      grace.value = '3600';
      const roll = document.createElement('button');
      roll.type = 'button';
      roll.className = 'secondary';
      roll.textContent = 'Roll';
      roll.setAttribute('aria-label', `Roll key ${key.id}`);
      roll.addEventListener(
        'click',
        () =>
          void keyAction(async () => {
            const made = await accountApi<KeyListing & { key: string }>(
              'POST',
              `/keys/${encodeURIComponent(key.id)}/roll`,
              { graceSeconds: Number(grace.value) },
            );
            showNewKey(
              made.key,
              `New key for "${made.name}". The old key ${key.id} keeps working for ${grace.selectedOptions[0].text}.`,
            );
          }),
      );
      actions.append(revoke, ' ', graceLabel, ' ', roll);
    }
    return row;
  }

  async function keyAction(work: () => Promise<void>): Promise<void> {
    say(alertBox, '');
    try {
      await work();
      await refreshKeys();
    } catch (error) {
      say(alertBox, failureText(error));
    }
  }

  function showNewKey(key: string, note: string): void {
    byId('new-key-value').textContent = key;
    byId('new-key-note').textContent = `${note} Copy it now: it is shown this once and never again.`;
    byId('new-key').hidden = false;
    byId('copy-key').focus();
  }

  function wireKeys(current: Me): void {
    const form = byId<HTMLFormElement>('key-form');
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void submitting(form, alertBox, async () => {
        if (!current.verified)
          throw new AccountApiError(
            'email_not_verified',
            'confirm your e-mail address first: follow the link we sent (or ask for a new one)',
            403,
            undefined,
            undefined,
          );
        const expires = fieldValue(form, 'expiresAt');
        const made = await accountApi<KeyListing & { key: string }>('POST', '/keys', {
          name: fieldValue(form, 'name'),
          expiresAt: expires === '' ? null : `${expires}T23:59:59Z`,
        });
        form.reset();
        showNewKey(made.key, `Key "${made.name}" (${made.id}) is ready.`);
        await refreshKeys();
      });
    });
    byId('copy-key').addEventListener('click', () => {
      const key = byId('new-key-value').textContent ?? '';
      navigator.clipboard.writeText(key).then(
        () => say(status, 'The key is copied to the clipboard.'),
        () => say(status, 'Copying was refused by the browser; select the key and copy it by hand.'),
      );
    });
    byId('hide-key').addEventListener('click', () => {
      byId('new-key-value').textContent = '';
      byId('new-key').hidden = true;
    });
    byId('resend-verification').addEventListener('click', () => {
      accountApi('POST', '/verification', { email: current.email }).then(
        () => say(status, 'A new verification e-mail is on its way.'),
        (error: unknown) => say(alertBox, failureText(error)),
      );
    });
  }

  async function refreshUsage(): Promise<void> {
    const usage = await accountApi<Usage>('GET', '/usage');
    const progress = byId<HTMLProgressElement>('usage-progress');
    // Without a plan there is no quota to count against, and the sentence under the plan says why the keys answer 402:
    // the usage line says only what was used.
    progress.hidden = usage.plan === 'none';
    byId('usage-summary').textContent =
      usage.plan === 'none'
        ? `${number(usage.used)} records used in ${usage.month}.`
        : `${number(usage.used)} of ${number(usage.quota)} records used in ${usage.month} (${number(usage.remaining)} left; resets ${when(usage.resetsAt)}).`;
    progress.max = Math.max(1, usage.quota);
    progress.value = Math.min(usage.used, usage.quota);
    byId('refused').textContent =
      `Refused this month: ${number(usage.refused.rate_limited)} by the rate limit, ${number(usage.refused.quota_exceeded)} by the quota${usage.refused.subscription_required > 0 ? `, ${number(usage.refused.subscription_required)} for want of a paid plan` : ''}.`;
    byId('usage-chart').replaceChildren(usageChart(usage.days));
    const body = byId<HTMLTableSectionElement>('usage-days');
    body.replaceChildren(
      ...usage.days
        .filter((d) => d.records > 0 || d.rateLimited > 0 || d.quotaExceeded > 0)
        .map((d) => {
          const row = document.createElement('tr');
          for (const text of [d.day, number(d.records), number(d.rateLimited), number(d.quotaExceeded)]) {
            const td = document.createElement('td');
            td.textContent = text;
            row.append(td);
          }
          return row;
        }),
    );
  }

  function wireAccountForms(): void {
    const passwordForm = byId<HTMLFormElement>('password-form');
    passwordForm.addEventListener('submit', (event) => {
      event.preventDefault();
      void submitting(passwordForm, alertBox, async () => {
        await accountApi('POST', '/password', {
          current: fieldValue(passwordForm, 'current'),
          new: fieldValue(passwordForm, 'new'),
        });
        passwordForm.reset();
        say(status, 'Your password is changed; your other sessions were signed out.');
      });
    });
    const deleteForm = byId<HTMLFormElement>('delete-form');
    deleteForm.addEventListener('submit', (event) => {
      event.preventDefault();
      void submitting(deleteForm, alertBox, async () => {
        await accountApi('DELETE', '/account', { password: fieldValue(deleteForm, 'password') });
        location.assign('/?account=deleted');
      });
    });
  }

  async function signOut(path: '/session' | '/sessions'): Promise<void> {
    try {
      await accountApi('DELETE', path);
    } catch (error) {
      if (!(error instanceof AccountApiError && error.status === 401)) return say(alertBox, failureText(error));
    }
    location.assign('/signin');
  }
}
