import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

// A real SMTP server on 127.0.0.1 (nodemailer's smtp-server package) for the newsletter tests: it
// keeps every message it accepted (a 250 after DATA), can refuse chosen addresses for good (5xx at
// RCPT) or for a while (4xx at DATA), and can hold a message's final answer so a test can kill the
// sender while the message is with the server, as a crash mid-delivery would leave it.

export interface AcceptedMail {
  to: string;
  messageId: string | null;
  headers: Record<string, string>;
  raw: string;
}

export interface SmtpSink {
  url: string;
  port: number;
  accepted: AcceptedMail[];
  /** Addresses answered 550 at RCPT TO. */
  bounce: Set<string>;
  /** Addresses answered 450 at RCPT TO (a mailbox busy for now). */
  busy: Set<string>;
  /** The next `times` messages get this 4xx reply at the end of DATA. */
  refuseNext(code: number, text: string, times?: number): void;
  /**
   * The next message's final answer is held: `onHeld` is called with its recipient, and the message
   * is accepted only if `release(true)` is called while its connection is still open.
   */
  holdNext(
    onHeld: (to: string, release: (accept: boolean) => void) => void,
    /** Only a message from this envelope sender (each instance may send from its own address). */
    from?: string,
  ): void;
  /** Messages whose connection closed while held (never accepted). */
  dropped: number;
  close(): Promise<void>;
}

function headerMap(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of unfolded.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const accepted: AcceptedMail[] = [];
  const bounce = new Set<string>();
  const busy = new Set<string>();
  const refusals: Array<{ code: number; text: string }> = [];
  const holds: Array<{
    from?: string;
    onHeld: (to: string, release: (accept: boolean) => void) => void;
  }> = [];
  let dropped = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // No DNS here: a reverse lookup of 127.0.0.1 would wait on a resolver for every connection.
    disableReverseLookup: true,
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      if (bounce.has(address.address.toLowerCase())) {
        const error = new Error('5.1.1 Mailbox unavailable') as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      if (busy.has(address.address.toLowerCase())) {
        const error = new Error('4.2.1 Mailbox busy, try later') as Error & { responseCode: number };
        error.responseCode = 450;
        return callback(error);
      }
      callback();
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(',');
        const headers = headerMap(raw);
        const accept = () => {
          accepted.push({ to, messageId: headers['message-id'] ?? null, headers, raw });
          callback(null, 'Ok: queued');
        };
        const refusal = refusals.shift();
        if (refusal) {
          const error = new Error(refusal.text) as Error & { responseCode: number };
          error.responseCode = refusal.code;
          return callback(error);
        }
        const sender = session.envelope.mailFrom ? session.envelope.mailFrom.address.toLowerCase() : '';
        const at = holds.findIndex((h) => h.from === undefined || h.from === sender);
        if (at < 0) return accept();
        const hold = holds.splice(at, 1)[0]!.onHeld;
        let settled = false;
        let closed = false;
        // smtp-server gives no close event per message: the session's socket closing is the sign.
        const socket = findSocket(server, session.id);
        socket?.once('close', () => {
          closed = true;
          if (!settled) dropped += 1;
        });
        hold(to, (ok) => {
          if (settled) return;
          settled = true;
          if (closed) return;
          if (ok) accept();
          else {
            const error = new Error('4.3.0 Try again later') as Error & { responseCode: number };
            error.responseCode = 451;
            callback(error);
          }
        });
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address() as AddressInfo)
    .port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    accepted,
    bounce,
    busy,
    refuseNext(code, text, times = 1) {
      for (let i = 0; i < times; i++) refusals.push({ code, text });
    },
    holdNext(onHeld, from) {
      holds.push({ onHeld, from: from?.toLowerCase() });
    },
    get dropped() {
      return dropped;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The socket of a session (smtp-server keeps its connections in a set, each with its id). */
function findSocket(server: SMTPServer, sessionId: string): NodeJS.EventEmitter | undefined {
  const connections = (
    server as unknown as { connections: Set<{ id: string; _socket: NodeJS.EventEmitter }> }
  ).connections;
  for (const c of connections) if (c.id === sessionId) return c._socket;
  return undefined;
}
