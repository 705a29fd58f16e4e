import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { readSessionToken } from '../trpc/context';
import { sessionOf } from '../trpc/init';
import { sendApiError } from './api-errors';

// The admin check of the plain routes (files, exports), as the procedures' adminProcedure makes
// it: the same bearer token or session cookie, the same 401.

/** Whether the request carries a session that is still valid (the admin's: a cookie only they have). */
export async function isSignedIn(req: FastifyRequest, deps: AppDeps): Promise<boolean> {
  return (await sessionOf(req.server.adminHooks, deps, readSessionToken(req, deps).token)) !== null;
}

/** Answers 401 unless an admin is signed in; true when one is and the route may go on. */
export async function admitAdmin(req: FastifyRequest, reply: FastifyReply, deps: AppDeps): Promise<boolean> {
  if (await isSignedIn(req, deps)) return true;
  void sendApiError(reply, 401, 'Please sign in to continue.', { 'Cache-Control': 'no-store' });
  return false;
}
