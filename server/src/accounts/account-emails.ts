import type { MailMessage } from '../mail/mailer.js';

/** How long a verification link works. */
export const VERIFY_LINK_HOURS = 24;
/** How long a password-reset link works. */
export const RESET_LINK_HOURS = 1;

// Links carry their token after `#`: browsers never send the fragment, so it reaches no server log, proxy or
// Referer header; the page reads it and posts it. A mail scanner that opens the link uses nothing up.

/**
 * The e-mail with a new account's verification link.
 * @example verifyEmail('https://ussynth.example', 'ada@example.com', token)
 */
export function verifyEmail(publicUrl: string, to: string, token: string): MailMessage {
  return {
    to,
    subject: 'Confirm your e-mail address for ussynth',
    text: [
      'Welcome to ussynth.',
      '',
      'Confirm this address to create API keys:',
      `${publicUrl}/verify-email#token=${token}`,
      '',
      `The link works once, for ${VERIFY_LINK_HOURS} hours. If it has expired, sign in and ask for a new one.`,
      'If you did not sign up, ignore this message: without the link nothing happens.',
    ].join('\n'),
  };
}

/**
 * The e-mail sent when someone signs up with an address that has an account
 * (the page says the same to both, so only the owner of the mailbox learns it).
 * @example alreadyRegisteredEmail('https://ussynth.example', 'ada@example.com')
 */
export function alreadyRegisteredEmail(publicUrl: string, to: string): MailMessage {
  return {
    to,
    subject: 'You already have a ussynth account',
    text: [
      'Someone, perhaps you, tried to sign up to ussynth with this address, which already has an account.',
      '',
      `Sign in: ${publicUrl}/signin`,
      `Forgot your password? ${publicUrl}/forgot-password`,
      '',
      'If it was not you, ignore this message: nothing was changed.',
    ].join('\n'),
  };
}

/**
 * The e-mail with a password-reset link.
 * @example resetEmail('https://ussynth.example', 'ada@example.com', token)
 */
export function resetEmail(publicUrl: string, to: string, token: string): MailMessage {
  return {
    to,
    subject: 'Reset your ussynth password',
    text: [
      'Choose a new password for your ussynth account:',
      `${publicUrl}/reset-password#token=${token}`,
      '',
      `The link works once, for ${RESET_LINK_HOURS} hour. Resetting signs you out everywhere.`,
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}
