import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { newsletterMailDir } from '../../../playwright.config';

// The newsletter server's mail, as the test SMTP server (tests/helpers/smtp-sink-server.ts) accepted
// it, and the subscribers the specs put on its list the way a visitor does: sign up, then the link.

/**
 * Every accepted message, decoded from quoted-printable, oldest first: the test SMTP server's, or
 * those in another folder of .eml files (a server without SMTP writes its mail to DATA_DIR/outbox).
 */
export function acceptedMail(mailDir = newsletterMailDir): string[] {
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) =>
      fs
        .readFileSync(path.join(mailDir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
}

/** The messages the server accepted for one address. */
export function mailTo(address: string): string[] {
  return acceptedMail().filter((m) => m.startsWith(`X-Envelope-To: ${address}\r\n`));
}

/** The messages in a folder of .eml files (a server's outbox) sent to one address. */
function mailInFolderTo(mailDir: string, address: string): string[] {
  return acceptedMail(mailDir).filter((m) => /^To: (.*?)\r?$/m.exec(m)?.[1] === address);
}

/**
 * Signs the address up and confirms it with the link from its confirmation e-mail: the one the test
 * SMTP server accepted, or the one in `outboxDir` (a server without SMTP).
 */
export async function confirmedSubscriber(
  request: APIRequestContext,
  email: string,
  outboxDir?: string,
): Promise<void> {
  const signUp = await request.post('/api/subscribe', { data: { email, newsletter: 'general' } });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  let token = '';
  await expect
    .poll(
      () =>
        (token =
          /newsletter=confirm&token=([\w%-]+)/.exec(
            (outboxDir ? mailInFolderTo(outboxDir, email) : mailTo(email)).join('\n'),
          )?.[1] ?? ''),
      {
        timeout: 20_000,
      },
    )
    .not.toBe('');
  const confirm = await request.post('/api/newsletter/confirm', {
    data: { token: decodeURIComponent(token) },
  });
  expect(confirm.ok(), await confirm.text()).toBe(true);
}
