import fs from 'node:fs';
import path from 'node:path';
import { startSmtpSink } from './smtp-sink';

// The tests' SMTP server (smtp-sink.ts) as a process of its own, for the Playwright config's
// newsletter server: it keeps every accepted message as an .eml file in the folder given, and
// refuses some newsletter issues (messages with the one-click List-Unsubscribe-Post header) as a
// receiving server does, so a send meets real SMTP failures while sign-up confirmations still arrive:
//   fail-once-...   refused for now (451) at the first delivery, accepted from the second;
//   fail-always-... refused for good (550) every time: a bounce.
// Usage: tsx tests/helpers/smtp-sink-server.ts <port> <folder>

const [portArg, folder] = process.argv.slice(2);
if (!portArg || !folder) throw new Error('usage: smtp-sink-server.ts <port> <folder>');
fs.rmSync(folder, { recursive: true, force: true });
fs.mkdirSync(folder, { recursive: true });

const refusedOnce = new Set<string>();
let written = 0;
await startSmtpSink({
  port: Number(portArg),
  refuseMessage: ({ to, data }) => {
    if (!/^List-Unsubscribe-Post:/im.test(data)) return null;
    const address = (to[0] ?? '').toLowerCase();
    if (address.startsWith('fail-always-')) return { code: 550, text: '5.1.1 Mailbox does not exist' };
    if (address.startsWith('fail-once-') && !refusedOnce.has(address)) {
      refusedOnce.add(address);
      return { code: 451, text: '4.3.0 Mailbox busy, try again later' };
    }
    return null;
  },
  onMessage: ({ to, data }) => {
    written += 1;
    const file = path.join(
      folder,
      `${String(Date.now()).padStart(15, '0')}-${String(written).padStart(6, '0')}.eml`,
    );
    // Written whole, then renamed: a reader never sees half a message.
    fs.writeFileSync(`${file}.tmp`, `X-Envelope-To: ${to.join(', ')}\r\n${data}`);
    fs.renameSync(`${file}.tmp`, file);
  },
});
