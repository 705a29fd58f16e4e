import net from 'node:net';
import type { AddressInfo } from 'node:net';

// A small SMTP server on 127.0.0.1 for the outbox tests: it speaks enough of RFC 5321 (EHLO/HELO,
// MAIL, RCPT, DATA with dot-stuffing, RSET, NOOP, QUIT) for nodemailer's real SMTP client, keeps
// what it accepted, and can answer the next messages' DATA with a 4xx or 5xx reply instead.

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export interface FakeSmtp {
  url: string;
  received: ReceivedMail[];
  /** Every message that reached the end of DATA, accepted or refused. */
  attempts: number;
  /** Refuse every message with this reply until called with null. */
  refuseAll(reply: string | null): void;
  /** The next `times` messages are refused at the end of DATA with this reply (e.g. '451 4.3.0 Try later'). */
  refuseNext(reply: string, times?: number): void;
  /**
   * The next `times` messages get no answer at the end of DATA: the sender waits, as on a mail
   * server that hangs, and the message is not received (the two-instance test kills the sender then).
   */
  holdNext(times?: number): void;
  /** Messages held without an answer so far. */
  held: number;
  close(): Promise<void>;
}

export interface FakeSmtpOptions {
  /** The port to listen on (a free one by default). */
  port?: number;
  /**
   * A reply to the end of DATA instead of accepting the message (e.g. '550 5.1.1 No such user'), or
   * null to accept it: a message the receiving server refuses, as a real one does for a full mailbox.
   */
  refuseMessage?: (mail: ReceivedMail) => string | null;
  /** Called with each message accepted. */
  onMessage?: (mail: ReceivedMail) => void;
}

/** Calls `onLine` with each CRLF-ended line the socket receives (SMTP is line by line both ways). */
export function onLines(socket: net.Socket, onLine: (line: string) => void): void {
  let buffer = '';
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    let end: number;
    while ((end = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      onLine(line);
    }
  });
}

export async function startFakeSmtp(options: FakeSmtpOptions = {}): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const refusals: string[] = [];
  let refuseEvery: string | null = null;
  let attempts = 0;
  let holds = 0;
  let held = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let inData = false;
    let data: string[] = [];
    let mail: { from: string; to: string[] } = { from: '', to: [] };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake-smtp ESMTP ready');
    onLines(socket, (line) => {
      if (inData) {
        if (line === '.') {
          inData = false;
          attempts += 1;
          if (holds > 0) {
            holds -= 1;
            held += 1;
            mail = { from: '', to: [] };
            data = [];
            return;
          }
          const message = { ...mail, data: data.join('\r\n') };
          const refusal = refuseEvery ?? refusals.shift() ?? options.refuseMessage?.(message);
          if (refusal) reply(refusal);
          else {
            received.push(message);
            options.onMessage?.(message);
            reply('250 2.0.0 Ok: queued');
          }
          mail = { from: '', to: [] };
          data = [];
        } else data.push(line.startsWith('..') ? line.slice(1) : line);
        return;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') reply('250-fake-smtp\r\n250-8BITMIME\r\n250 SIZE 10485760');
      else if (verb === 'HELO') reply('250 fake-smtp');
      else if (verb === 'MAIL') {
        mail.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
        reply('250 2.1.0 Ok');
      } else if (verb === 'RCPT') {
        mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        reply('250 2.1.5 Ok');
      } else if (verb === 'DATA') {
        inData = true;
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'RSET') {
        mail = { from: '', to: [] };
        reply('250 2.0.0 Ok');
      } else if (verb === 'NOOP') reply('250 2.0.0 Ok');
      else if (verb === 'QUIT') {
        reply('221 2.0.0 Bye');
        socket.end();
      } else reply('502 5.5.2 Command not recognised');
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get attempts() {
      return attempts;
    },
    refuseAll(reply) {
      refuseEvery = reply;
    },
    refuseNext(line, times = 1) {
      for (let i = 0; i < times; i += 1) refusals.push(line);
    },
    holdNext(times = 1) {
      holds += times;
    },
    get held() {
      return held;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
