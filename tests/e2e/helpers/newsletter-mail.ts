import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { newsletterMailDir } from '../../../playwright.config';

// The newsletter server's mail, as the test SMTP server (tests/helpers/smtp-sink-server.ts) accepted
// it, and the subscribers the specs put on its list the way a visitor does: sign up, then the link.

/** Every accepted message, decoded from quoted-printable, oldest first. */
export function acceptedMail(): string[] {
  if (!fs.existsSync(newsletterMailDir)) return [];
  return fs
    .readdirSync(newsletterMailDir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) =>
      fs
        .readFileSync(path.join(newsletterMailDir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
}

/** The messages the server accepted for one address. */
export function mailTo(address: string): string[] {
  return acceptedMail().filter((m) => m.startsWith(`X-Envelope-To: ${address}\r\n`));
}

/** Signs the address up and confirms it with the link from its confirmation e-mail. */
export async function confirmedSubscriber(request: APIRequestContext, email: string): Promise<void> {
  const signUp = await request.post('/api/subscribe', { data: { email, newsletter: 'general' } });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  let token = '';
  await expect
    .poll(() => (token = /newsletter=confirm&token=([\w%-]+)/.exec(mailTo(email).join('\n'))?.[1] ?? ''), {
      timeout: 20_000,
    })
    .not.toBe('');
  const confirm = await request.post('/api/newsletter/confirm', {
    data: { token: decodeURIComponent(token) },
  });
  expect(confirm.ok(), await confirm.text()).toBe(true);
}
