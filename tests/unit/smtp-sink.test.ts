import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';

// The newsletter tests' SMTP server (tests/helpers/smtp-sink.ts) must behave as a real one where the
// crash tests look: a message whose DATA it has received whole is kept even when the sender dies
// before reading the reply (RFC 1047: the receiver has it, the sender does not know), and a message
// whose sender dies before the end of DATA is not. Driven here by a raw socket, so the "sender
// dies" is exact: the socket is destroyed at the chosen moment.

let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterAll(() => smtp.close());

/** A bare SMTP client: each command waits for its reply's last line. */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  const waiting: Array<(line: string) => void> = [];
  // "250-..." continues a reply; "250 ..." ends it.
  onLines(socket, (line) => {
    if (/^\d{3} /.test(line)) waiting.shift()?.(line);
  });
  const reply = () => new Promise<string>((resolve) => waiting.push(resolve));
  await reply(); // the greeting
  const send = (text: string) => {
    const answer = reply();
    socket.write(`${text}\r\n`);
    return answer;
  };
  return { socket, send, reply };
}

/** EHLO, MAIL, RCPT and DATA's go-ahead: what comes before the message itself. */
async function startMessage() {
  const client = await connect(smtp.port);
  await client.send('EHLO sender.example');
  expect(await client.send('MAIL FROM:<newsletter@example.co.uk>')).toMatch(/^250/);
  return client;
}

const message = (id: string) =>
  [`Message-ID: <${id}@example.co.uk>`, 'Subject: Hello', '', 'Hello from Hertford.'].join('\r\n');

const kept = (id: string) => smtp.accepted.filter((m) => m.messageId === `<${id}@example.co.uk>`);

describe('the newsletter tests’ SMTP server', () => {
  it('accepts a message with a 250, acknowledged', async () => {
    const client = await startMessage();
    expect(await client.send('RCPT TO:<a@example.co.uk>')).toMatch(/^250/);
    expect(await client.send('DATA')).toMatch(/^354/);
    expect(await client.send(`${message('plain')}\r\n.`)).toMatch(/^250/);
    client.socket.end();
    expect(kept('plain')).toEqual([expect.objectContaining({ to: 'a@example.co.uk', acknowledged: true })]);
  });

  it('keeps a message whose DATA ended when the sender dies before the reply, unacknowledged', async () => {
    const client = await startMessage();
    expect(await client.send('RCPT TO:<b@example.co.uk>')).toMatch(/^250/);
    expect(await client.send('DATA')).toMatch(/^354/);
    const held = new Promise<string>((resolve) => smtp.holdNext((to) => resolve(to)));
    client.socket.write(`${message('after-data')}\r\n.\r\n`);
    expect(await held).toBe('b@example.co.uk');
    client.socket.destroy();
    await expect
      .poll(() => kept('after-data'))
      .toEqual([expect.objectContaining({ to: 'b@example.co.uk', acknowledged: false })]);
    expect(smtp.unacknowledged).toBe(1);
  });

  it('keeps nothing when the sender dies before the end of DATA', async () => {
    const client = await startMessage();
    const held = new Promise<string>((resolve) => smtp.holdNext((to) => resolve(to), { at: 'rcpt' }));
    client.socket.write('RCPT TO:<c@example.co.uk>\r\n');
    expect(await held).toBe('c@example.co.uk');
    client.socket.destroy();

    const midway = await startMessage();
    expect(await midway.send('RCPT TO:<d@example.co.uk>')).toMatch(/^250/);
    expect(await midway.send('DATA')).toMatch(/^354/);
    midway.socket.write(`${message('half')}\r\n`);
    midway.socket.destroy();

    // A message sent after both shows the server has dealt with them.
    const after = await startMessage();
    expect(await after.send('RCPT TO:<e@example.co.uk>')).toMatch(/^250/);
    expect(await after.send('DATA')).toMatch(/^354/);
    expect(await after.send(`${message('later')}\r\n.`)).toMatch(/^250/);
    after.socket.end();
    expect(smtp.accepted.map((m) => m.to)).not.toContain('c@example.co.uk');
    expect(kept('half')).toEqual([]);
    expect(smtp.unacknowledged).toBe(1);
  });

  it('refuses a held message with a 451 when told to', async () => {
    const client = await startMessage();
    smtp.holdNext((_to, release) => release(false));
    expect(await client.send('RCPT TO:<f@example.co.uk>')).toMatch(/^250/);
    expect(await client.send('DATA')).toMatch(/^354/);
    expect(await client.send(`${message('refused')}\r\n.`)).toMatch(/^451/);
    client.socket.end();
    expect(kept('refused')).toEqual([]);
  });
});

/** Calls `onLine` with each CRLF-ended line the socket receives (SMTP is line by line both ways). */
function onLines(socket: net.Socket, onLine: (line: string) => void): void {
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
