import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The text of every e-mail the outbox mailer wrote to `folder`, oldest
 * first, as written: raw, since the mailer never folds a link (see plainMessage).
 * @example const [mail] = outboxMails(join(dir, 'outbox'));
 */
export function outboxMails(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder)
      .filter((name) => name.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return names.map((name) => readFileSync(join(folder, name), 'utf8'));
}

/**
 * The token of the link to `path` in a mail (links carry it after `#token=`).
 * @example const token = linkToken(mail, '/verify-email');
 */
export function linkToken(mail: string, path: string): string {
  const match = new RegExp(`https?://[^/\\s]+${path}#token=([A-Za-z0-9_-]{43})`).exec(mail);
  if (!match) throw new Error(`no ${path} link in:\n${mail}`);
  return match[1];
}
