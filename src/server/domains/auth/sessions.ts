import { eq } from 'drizzle-orm';
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import type { AppDeps } from '../../deps';
import { sessions, users } from './tables';
import { randomToken } from '../../platform/tokens';
import type { StaffRole } from '../../../shared/staff';

// Sessions as the Lucia project's current guide describes them: the token is `<id>.<secret>`, only
// a SHA-256 of the secret is stored and it is compared in constant time; a session ends after a
// week without use or a month after sign-in, whichever comes first.
export const SESSION_INACTIVITY_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_verified_at is written at most this often, so reads stay reads. */
const SESSION_REFRESH_MS = 60 * 60 * 1000;

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  /** What this session may do: the user's role, or the narrower one its token was made with. */
  role: StaffRole;
}
export interface Session {
  id: string;
  userId: number;
  createdAt: Date;
  lastVerifiedAt: Date;
}

function hashSecret(secret: string): Uint8Array {
  return sha256(new TextEncoder().encode(secret));
}

/** A new session; `role` narrows it below the user's own (a token for an integration). */
export async function createSession(
  deps: Deps,
  userId: number,
  role: StaffRole | null = null,
): Promise<{ token: string; session: Session }> {
  const id = randomToken(15);
  const secret = randomToken(20);
  const now = deps.clock();
  await deps.db
    .insert(sessions)
    .values({ id, secretHash: hashSecret(secret), userId, role, createdAt: now, lastVerifiedAt: now });
  return { token: `${id}.${secret}`, session: { id, userId, createdAt: now, lastVerifiedAt: now } };
}

/** The session and user behind a token, or null when it is unknown, expired or malformed. */
export async function validateSessionToken(
  deps: Deps,
  token: string,
): Promise<{ user: SessionUser; session: Session } | null> {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1] || token.length > 200) return null;
  const [id, secret] = parts as [string, string];
  const rows = await deps.db
    .select({
      id: sessions.id,
      secretHash: sessions.secretHash,
      userId: sessions.userId,
      createdAt: sessions.createdAt,
      lastVerifiedAt: sessions.lastVerifiedAt,
      name: users.name,
      email: users.email,
      userRole: users.role,
      sessionRole: sessions.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id));
  const row = rows[0];
  if (!row) return null;
  if (!constantTimeEqual(hashSecret(secret), new Uint8Array(row.secretHash))) return null;
  const now = deps.clock().getTime();
  if (
    now - row.lastVerifiedAt.getTime() >= SESSION_INACTIVITY_MS ||
    now - row.createdAt.getTime() >= SESSION_ABSOLUTE_MS
  ) {
    await deps.db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let lastVerifiedAt = row.lastVerifiedAt;
  if (now - lastVerifiedAt.getTime() >= SESSION_REFRESH_MS) {
    lastVerifiedAt = new Date(now);
    await deps.db.update(sessions).set({ lastVerifiedAt }).where(eq(sessions.id, id));
  }
  return {
    // Read at every request: a change of role applies at once (a narrowed token that the new role
    // no longer covers was ended when the role changed: staff.ts).
    user: { id: row.userId, name: row.name, email: row.email, role: row.sessionRole ?? row.userRole },
    session: { id: row.id, userId: row.userId, createdAt: row.createdAt, lastVerifiedAt },
  };
}

export async function deleteSession(deps: Pick<AppDeps, 'db'>, sessionId: string): Promise<void> {
  await deps.db.delete(sessions).where(eq(sessions.id, sessionId));
}
