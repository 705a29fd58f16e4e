import type { AppDeps } from '../app';

// Sessions and passwords (issue 4 builds these out).
export interface SessionUser {
  id: number;
  name: string;
  email: string;
}
export interface Session {
  id: string;
  userId: number;
  createdAt: Date;
  lastVerifiedAt: Date;
}

/** The session and user behind a token, or null when it is unknown, expired or malformed. */
export async function validateSessionToken(
  _deps: Pick<AppDeps, 'db' | 'clock'>,
  _token: string,
): Promise<{ user: SessionUser; session: Session } | null> {
  return null;
}
