import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

// The tests' one SMTP server, on 127.0.0.1 (nodemailer's smtp-server package): it keeps every
// message it accepted (a 250 after DATA), can refuse chosen addresses for good (5xx at RCPT), the
// next messages or all of them for a while (4xx or 5xx at DATA), and can hold a message at RCPT or
// before its final answer so a test can kill the sender there, as a crash mid-delivery would leave
// it. Like a real server, it keeps a message whose DATA it has received whole even when the
// sender's connection drops before the reply (RFC 1047): the reader gets it, and the sender, not
// knowing, may send it again. The Playwright config runs it as a process (smtp-sink-server.ts).

export interface AcceptedMail {
  to: string;
  messageId: string | null;
  headers: Record<string, string>;
  raw: string;
  /** false when the connection closed before the server's reply: kept, but the sender never knew. */
  acknowledged: boolean;
}

/** A message as its envelope and DATA arrived, accepted and answered 250. */
export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** A reply other than 250 to the end of DATA. */
export interface SmtpRefusal {
  code: number;
  text: string;
}

export interface SmtpSinkOptions {
  /** The port to listen on (a free one by default). */
  port?: number;
  /** A refusal for this message instead of accepting it, as a receiving server refuses a full mailbox. */
  refuseMessage?: (mail: ReceivedMail) => SmtpRefusal | null;
  /** Called with each message accepted and answered. */
  onMessage?: (mail: ReceivedMail) => void;
}

export interface HoldOptions {
  /** Only a message from this envelope sender (each instance may send from its own address). */
  from?: string;
  /**
   * Where the message waits: 'data' (the default) holds the reply to its whole DATA, so a sender
   * killed then leaves it kept; 'rcpt' holds the reply to RCPT TO, before any of the message is sent.
   */
  at?: 'data' | 'rcpt';
}

export interface SmtpSink {
  url: string;
  port: number;
  accepted: AcceptedMail[];
  /** The messages accepted and answered 250, as their envelope and DATA arrived. */
  received: ReceivedMail[];
  /** Addresses answered 550 at RCPT TO. */
  bounce: Set<string>;
  /** Addresses answered 450 at RCPT TO (a mailbox busy for now). */
  busy: Set<string>;
  /** The next `times` messages get this 4xx reply at the end of DATA. */
  refuseNext(code: number, text: string, times?: number): void;
  /** Refuse every message at the end of DATA with this reply, until called with null. */
  refuseAll(refusal: SmtpRefusal | null): void;
  /**
   * The next message is held (see HoldOptions.at): `onHeld` is called with its recipient.
   * `release(true)` lets it go on (accepted, at DATA), `release(false)` refuses it with a 451. A
   * message held at DATA whose connection closes first is kept, unacknowledged; one held at RCPT is not.
   */
  holdNext(onHeld: (to: string, release: (accept: boolean) => void) => void, options?: HoldOptions): void;
  /** Messages kept whose connection closed before their reply (held at DATA, the sender gone). */
  unacknowledged: number;
  /** Messages that have reached a hold so far. */
  held: number;
  close(): Promise<void>;
}

type Hold = {
  from?: string;
  at: 'data' | 'rcpt';
  onHeld: (to: string, release: (accept: boolean) => void) => void;
};

/** A reply other than 250: smtp-server sends the error's responseCode and message. */
const smtpError = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

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

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const accepted: AcceptedMail[] = [];
  const received: ReceivedMail[] = [];
  const bounce = new Set<string>();
  const busy = new Set<string>();
  const refusals: SmtpRefusal[] = [];
  let refuseEvery: SmtpRefusal | null = null;
  const holds: Hold[] = [];
  let unacknowledged = 0;
  let held = 0;
  /** The first hold for this stage and sender, taken off the list. */
  const takeHold = (at: Hold['at'], session: SMTPServerSession) => {
    const sender = session.envelope.mailFrom ? session.envelope.mailFrom.address.toLowerCase() : '';
    const i = holds.findIndex((h) => h.at === at && (h.from === undefined || h.from === sender));
    return i < 0 ? null : holds.splice(i, 1)[0]!;
  };
  /**
   * Calls the hold, and then `settle(accept)` once, on the first of its release or the connection
   * closing (`settle(null)`: smtp-server gives no close event per message, the socket's is the sign).
   */
  const waitOnHold = (
    hold: Hold,
    to: string,
    session: SMTPServerSession,
    settle: (accept: boolean | null) => void,
  ) => {
    held += 1;
    let settled = false;
    const once = (accept: boolean | null) => {
      if (settled) return;
      settled = true;
      settle(accept);
    };
    const socket = findSocket(server, session.id);
    socket?.once('close', () => once(null));
    hold.onHeld(to, once);
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // No DNS here: a reverse lookup of 127.0.0.1 would wait on a resolver for every connection.
    disableReverseLookup: true,
    size: 10 * 1024 * 1024,
    // A sender's pooled connections still open at close are closed at once, not after 30 s.
    closeTimeout: 100,
    onRcptTo(address, session, callback) {
      if (bounce.has(address.address.toLowerCase()))
        return callback(smtpError(550, '5.1.1 Mailbox unavailable'));
      if (busy.has(address.address.toLowerCase()))
        return callback(smtpError(450, '4.2.1 Mailbox busy, try later'));
      const hold = takeHold('rcpt', session);
      if (!hold) return callback();
      // The sender gone before DATA: nothing of the message has arrived, nothing is kept.
      waitOnHold(hold, address.address.toLowerCase(), session, (accept) => {
        if (accept === true) callback();
        else if (accept === false) callback(smtpError(451, '4.3.0 Try again later'));
      });
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(',');
        const headers = headerMap(raw);
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: raw,
        };
        const keep = (acknowledged: boolean) => {
          accepted.push({ to, messageId: headers['message-id'] ?? null, headers, raw, acknowledged });
          if (!acknowledged) return;
          received.push(mail);
          options.onMessage?.(mail);
        };
        const refusal = refuseEvery ?? refusals.shift() ?? options.refuseMessage?.(mail);
        if (refusal) return callback(smtpError(refusal.code, refusal.text));
        const hold = takeHold('data', session);
        if (!hold) {
          keep(true);
          return callback(null, 'Ok: queued');
        }
        waitOnHold(hold, to, session, (accept) => {
          if (accept === null) {
            // The whole message is here and the sender is gone before the reply: kept, as a real
            // server keeps it, and the sender will not know.
            unacknowledged += 1;
            keep(false);
          } else if (accept) {
            keep(true);
            callback(null, 'Ok: queued');
          } else callback(smtpError(451, '4.3.0 Try again later'));
        });
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address() as AddressInfo)
    .port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    accepted,
    received,
    bounce,
    busy,
    refuseNext(code, text, times = 1) {
      for (let i = 0; i < times; i++) refusals.push({ code, text });
    },
    refuseAll(refusal) {
      refuseEvery = refusal;
    },
    holdNext(onHeld, options = {}) {
      holds.push({ onHeld, from: options.from?.toLowerCase(), at: options.at ?? 'data' });
    },
    get unacknowledged() {
      return unacknowledged;
    },
    get held() {
      return held;
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
