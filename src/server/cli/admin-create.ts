// npm run admin:create -- [--name "Jo Bloggs"] [--email jo@example.co.uk] [--password '...']
// Creates an admin. Asks for whatever is not given as a flag (the password without echoing it).
// Uses the same database as the server (DATABASE_URL, or the embedded one in DATA_DIR); with the
// embedded database, stop the server first, as only one process can open it.
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabaseFor } from '../platform/db/data-folder-lock';
import { createAdmin } from '../domains/auth';
import { DomainError } from '../platform/errors';
import { registerInputSchema } from '../../shared/auth';

function ask(question: string, hidden = false): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    if (hidden) {
      // Echo nothing while the password is typed.
      const output = rl as unknown as { _writeToOutput: (s: string) => void };
      output._writeToOutput = (s: string) => {
        if (s.startsWith(question)) process.stdout.write(s);
      };
    }
    rl.question(question, (answer) => {
      rl.close();
      if (hidden) process.stdout.write('\n');
      resolve(answer.trim());
    });
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { name: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } },
  });
  const name = values.name ?? (await ask('Name: '));
  const email = (values.email ?? (await ask('E-mail: '))).trim().toLowerCase();
  let password = values.password;
  if (password === undefined) {
    password = await ask('Password (at least 8 characters): ', true);
    const again = await ask('Password again: ', true);
    if (password !== again) throw new Error('Passwords do not match.');
  }
  // The same rules as POST /api/admin/register (the password's length and commonness: createAdmin).
  const checked = registerInputSchema.safeParse({ name, email, password });
  if (!checked.success) throw new Error(checked.error.issues.map((issue) => issue.message).join(' '));

  const config = loadConfig();
  const db = await openDatabaseFor('npm run admin:create', config);
  try {
    const user = await createAdmin({ db: db.db, clock: () => new Date() }, checked.data);
    console.log(
      `Created the admin ${user.name} <${user.email}>. They can sign in at ${config.publicUrl}/login`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof DomainError || error instanceof Error ? error.message : error);
  process.exit(1);
});
