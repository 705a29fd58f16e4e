import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { uploadTickets } from './tables';
import { appSecret } from '../../platform/app-secrets';
import { hmacSha256, signatureMatches } from '../../platform/signing';
import { randomToken } from '../../platform/tokens';
import { uploadErrors } from './receiving';
import { OBJECT_NAME_PATTERN } from './serving';

// The HMAC key is in the database (app_secrets), so a link one instance gives out works on every
// other; the ticket it names is a row there too, so "single-use" holds across instances.
export const UPLOAD_TICKET_LIFETIME_MS = 15 * 60 * 1000;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** What an upload link accepts: an image (the default), or a podcast episode's audio (kind=audio in the link). */
export type UploadKind = 'image' | 'audio';

async function sign(
  deps: Pick<AppDeps, 'db'>,
  name: string,
  expires: number,
  kind: UploadKind = 'image',
): Promise<string | null> {
  const key = await appSecret(deps.db, 'upload-signing', true);
  // An image link signs what it always signed; an audio link signs its kind too, so it cannot be made from one.
  return (
    key &&
    hmacSha256(key, `PUT\n/objects/uploads/${name}\n${expires}${kind === 'audio' ? '\naudio' : ''}`, 'hex')
  );
}

export async function createUploadTicket(
  deps: Deps,
  userId: number,
  kind: UploadKind = 'image',
): Promise<{ uploadURL: string; objectPath: string; expiresAt: string }> {
  const name = randomToken(20);
  const now = deps.clock();
  const expires = now.getTime() + UPLOAD_TICKET_LIFETIME_MS;
  await deps.db
    .insert(uploadTickets)
    .values({ id: name, userId, expiresAt: new Date(expires), createdAt: now });
  const objectPath = `/objects/uploads/${name}`;
  const kindParam = kind === 'audio' ? '&kind=audio' : '';
  return {
    uploadURL: `${deps.config.publicUrl}/api${objectPath}?expires=${expires}${kindParam}&signature=${await sign(deps, name, expires, kind)}`,
    objectPath,
    expiresAt: new Date(expires).toISOString(),
  };
}

/** Checks the link's signature and expiry; the ticket itself is used up by claimUploadTicket. */
export async function checkUploadSignature(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  name: string,
  expires: unknown,
  signature: unknown,
  kind: UploadKind = 'image',
): Promise<boolean> {
  if (!OBJECT_NAME_PATTERN.test(name) || typeof expires !== 'string' || typeof signature !== 'string')
    return false;
  if (!/^\d{1,16}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  if (Number(expires) <= deps.clock().getTime()) return false;
  const expected = await sign(deps, name, Number(expires), kind);
  return expected !== null && signatureMatches(expected, signature);
}

/** Uses up the ticket: the returned user id, or a 403 when it was already used or has expired. */
export async function claimUploadTicket(deps: Deps, name: string): Promise<number | null> {
  const now = deps.clock();
  const [ticket] = await deps.db
    .update(uploadTickets)
    .set({ usedAt: now })
    .where(and(eq(uploadTickets.id, name), isNull(uploadTickets.usedAt), gt(uploadTickets.expiresAt, now)))
    .returning({ userId: uploadTickets.userId });
  if (!ticket) throw uploadErrors(deps.config).badLink();
  return ticket.userId;
}
