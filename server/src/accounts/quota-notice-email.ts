import type { MailMessage } from '../mail/mailer.js';

/**
 * The e-mail telling an owner that the account's month passed a share of its quota, with a link to the dashboard
 * (and how to stop these e-mails).
 * @example quotaNoticeEmail('https://ussynth.example', 'ada@example.com', { account: 'ada@example.com', period: '2026-11', threshold: 80, quota: 100000 })
 */
export function quotaNoticeEmail(
  publicUrl: string,
  to: string,
  notice: { account: string; period: string; threshold: number; quota: number },
): MailMessage {
  const quota = notice.quota.toLocaleString('en-US');
  const used =
    notice.threshold >= 100
      ? `has used its whole monthly quota of ${quota} records`
      : `has used ${notice.threshold} % of its monthly quota of ${quota} records`;
  const next =
    notice.threshold >= 100
      ? 'Requests that need more records are refused (429 quota_exceeded) until the quota resets on the first day of next month, 00:00 UTC, or the plan changes.'
      : 'At 100 % requests that need more records are refused (429 quota_exceeded) until the quota resets on the first day of next month, 00:00 UTC.';
  return {
    to,
    subject:
      notice.threshold >= 100
        ? `ussynth: your monthly quota is used up (${notice.period})`
        : `ussynth: ${notice.threshold} % of your monthly quota used (${notice.period})`,
    text: [
      `The account ${notice.account} ${used} in ${notice.period} (UTC).`,
      '',
      next,
      '',
      'Usage, plan and keys:',
      `${publicUrl}/dashboard`,
      '',
      'You get one such e-mail per threshold (80 % and 100 %) per month. To stop them, turn off "Quota e-mails" on the dashboard.',
    ].join('\n'),
  };
}
