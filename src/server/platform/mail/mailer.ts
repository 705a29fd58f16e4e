import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** The Message-ID, when the sender chooses it (a newsletter copy's is the same on every attempt). */
  messageId?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /** Text files to attach (a calendar invitation); kept in the outbox row as they are and handed to nodemailer. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** The one mailer every feature uses. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Closes pooled connections (on shutdown); optional for mailers that hold none. */
  close?(): void;
}

interface Logger {
  info(obj: object, msg?: string): void;
}

/**
 * Writes one file so that it is either whole or absent after a crash or power cut: a temporary
 * name in a folder beside the target, fsync, rename into place, fsync the folder. Readable by the
 * owner only (e-mails carry reset links and people's details).
 */
export async function writeFileDurably(file: string, data: Buffer, partialDir: string): Promise<void> {
  await fs.mkdir(partialDir, { recursive: true, mode: 0o700 });
  const temp = path.join(
    partialDir,
    `${path.basename(file)}.${process.pid}.${Math.random().toString(36).slice(2, 8)}`,
  );
  const handle = await fs.open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temp, file);
  await syncFolder(path.dirname(file));
}

async function syncFolder(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** No send may outlast the mail queue's lease (queue.ts): give up well before. */
const SMTP_TIMEOUTS = {
  connectionTimeout: 30_000,
  greetingTimeout: 30_000,
  socketTimeout: 60_000,
  dnsTimeout: 30_000,
};

/**
 * SMTP when smtpUrl is set; otherwise each message is written as an .eml file in outboxDir (whole
 * files only: temporary files live in `<outboxDir>.partial` until they are renamed in).
 */
export function createMailer(options: {
  from: string;
  smtpUrl?: string;
  outboxDir: string;
  logger?: Logger;
}): Mailer {
  if (options.smtpUrl) {
    // A small pool of kept-open connections: a newsletter send hands over thousands of copies, and a
    // connection (TCP, greeting, EHLO, STARTTLS, AUTH) per copy cost the server more than the copies.
    // Each sendMail still settles only on that message's own reply, so a copy is marked sent after
    // its 250 exactly as before (decision 0018). Idle connections close after a few seconds.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: 2,
      maxMessages: 500,
      idleTimeout: 5_000,
      ...SMTP_TIMEOUTS,
    });
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        options.logger?.info({ to: message.to, subject: message.subject }, 'mail sent by SMTP');
      },
      close() {
        transport.close();
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.outboxDir, `${stamp}-${Math.random().toString(36).slice(2, 8)}.eml`);
      await writeFileDurably(file, info.message as Buffer, `${options.outboxDir}.partial`);
      options.logger?.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
    },
  };
}

/** A mailer that keeps what it sent, for tests. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
