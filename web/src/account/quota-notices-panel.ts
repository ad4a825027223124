import { accountApi } from './api.js';
import { byId, failureText, say } from './page-kit.js';

/** GET/PUT /account/v1/quota-notices. */
interface QuotaNoticeStatus {
  enabled: boolean;
  thresholds: number[];
  sent: number[];
}

function describe(status: QuotaNoticeStatus): string {
  const thresholds = status.thresholds.map((t) => `${t} %`).join(' and ');
  const sent = status.sent.length ? ` Sent this month: ${status.sent.map((t) => `${t} %`).join(', ')}.` : '';
  return status.enabled
    ? `The owners get an e-mail when this month passes ${thresholds} of the quota, once each.${sent}`
    : `Quota e-mails are off: nobody is told before requests are refused.${sent}`;
}

/**
 * The dashboard's quota e-mails: the thresholds and those sent this month; owners switch them on or off.
 * @example await quotaNoticesPanel(me.role === 'owner', alertBox)
 */
export async function quotaNoticesPanel(isOwner: boolean, alertBox: HTMLElement): Promise<void> {
  const toggle = byId<HTMLInputElement>('quota-notices-enabled');
  const text = byId('quota-notices-summary');
  const show = (status: QuotaNoticeStatus) => {
    toggle.checked = status.enabled;
    text.textContent = describe(status);
  };
  show(await accountApi<QuotaNoticeStatus>('GET', '/quota-notices'));
  toggle.disabled = !isOwner;
  toggle.addEventListener('change', () => {
    toggle.disabled = true;
    accountApi<QuotaNoticeStatus>('PUT', '/quota-notices', { enabled: toggle.checked }).then(
      (status) => {
        show(status);
        toggle.disabled = false;
      },
      (error: unknown) => {
        toggle.checked = !toggle.checked;
        toggle.disabled = false;
        say(alertBox, failureText(error));
      },
    );
  });
}
