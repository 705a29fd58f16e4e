import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { can, STAFF_MESSAGES, type Permission } from '../../../shared/staff';
import { readSessionToken } from '../trpc/context';
import { sessionOf } from '../trpc/init';
import { sendApiError } from './api-errors';

// The staff check of the plain routes (files, exports), as the procedures' staffProcedure makes
// it: the same bearer token or session cookie, the same 401, the same 403 for a role without the
// permission (src/shared/staff.ts).

/** Whether the request carries a session that is still valid (the admin's: a cookie only they have). */
export async function isSignedIn(req: FastifyRequest, deps: AppDeps): Promise<boolean> {
  return (await sessionOf(req.server.adminHooks, deps, readSessionToken(req, deps).token)) !== null;
}

/**
 * Answers 401 unless someone is signed in, 403 unless their role holds `permission`; otherwise the
 * signed-in user, and the route may go on.
 */
export async function admitStaff(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
  permission: Permission,
): Promise<{ id: number } | null> {
  const found = await sessionOf(req.server.adminHooks, deps, readSessionToken(req, deps).token);
  if (!found) {
    void sendApiError(reply, 401, 'Please sign in to continue.', { 'Cache-Control': 'no-store' });
    return null;
  }
  if (!can(found.user.role, permission)) {
    void sendApiError(reply, 403, STAFF_MESSAGES.roleRefused, { 'Cache-Control': 'no-store' });
    return null;
  }
  return found.user;
}
