import { z } from 'zod';
import {
  AUTH_MESSAGES,
  forgotPasswordInputSchema,
  loginInputSchema,
  loginOutputSchema,
  messageSchema,
  acceptInvitationInputSchema,
  changeRoleInputSchema,
  registerInputSchema,
  resetPasswordInputSchema,
  userSchema,
  profileSchema,
  profileUpdateSchema,
} from '../../../shared/auth';
import { getProfile, updateProfile } from './profile';
import { changeRole, createAdmin, handOverOwnership, listAdmins, removeAdmin } from './staff';
import { deleteSession, SESSION_ABSOLUTE_MS } from './sessions';
import { login } from './sign-in';
import {
  acceptInvitation,
  inviteStaff,
  listInvitations,
  previewInvitation,
  revokeInvitation,
} from './invitations';
import { recordActivity } from '../activity';
import {
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenInputSchema,
  inviteInputSchema,
  INVITATION_LIFETIME_DAYS,
  ROLE_NAMES,
} from '../../../shared/staff';
import { requestPasswordReset, resetPassword } from './password-reset';
import { sessionCookieName, type Context } from '../../web/trpc/context';
import { staffProcedure, publicProcedure, rateLimited, router } from '../../web/trpc/init';
import {
  adminMessageSchema,
  adminUserPageSchema,
  adminUserSchema,
  idInputSchema,
  pageInputSchema,
  pageOf,
} from '../../../shared/admin.schema';

/** A ceiling on every sign-in request against floods; failures are throttled by sign-in-throttle.ts. */
const SIGN_IN_RATE_LIMIT = { name: 'signIn', max: 100, windowMs: 60 * 60_000 };
/** Asking for a reset e-mail and setting a password with it, together. */
const PASSWORD_RESET_RATE_LIMIT = { name: 'passwordReset', max: 5, windowMs: 15 * 60_000 };
/** Reading and accepting invitation links, together: a guessed token is one in 2^256 anyway. */
const INVITATION_RATE_LIMIT = { name: 'invitation', max: 20, windowMs: 15 * 60_000 };

function setSessionCookie(ctx: Context, token: string): void {
  void ctx.res.setCookie(sessionCookieName(ctx.deps), token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: ctx.deps.config.isHttps,
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

/** What sign-in and sign-out answer besides their body (documented in openapi.json). */
const sessionCookieHeader = z.object({
  'Set-Cookie': z.string().meta({
    description:
      'The HttpOnly session cookie (`session`, or `__Host-session` on https), SameSite=Lax, Path=/, for 30 days.',
    example: 'session=q3b7c2zx5w4nr6ty2mk8ld9pfj0hsa1e; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax',
  }),
});
const clearedCookieHeader = z.object({
  'Set-Cookie': z.string().meta({
    description: 'Clears the session cookie.',
    example: 'session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
  }),
});

function clearSessionCookie(ctx: Context): void {
  void ctx.res.clearCookie(sessionCookieName(ctx.deps), {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: ctx.deps.config.isHttps,
  });
}

export const authRouter = router({
  login: publicProcedure
    .use(rateLimited(SIGN_IN_RATE_LIMIT))
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/login',
        tags: ['Admin'],
        summary: 'Signs an admin in: returns authToken (for the bearer header) and sets the session cookie',
        description:
          'A wrong password and an unknown e-mail give the same 401. Only failures count: repeated failures for ' +
          'one account from one client address (5), or from one client address on any accounts (20), are slowed ' +
          'down, then refused with 429 and Retry-After (a minute, doubling up to 15 minutes); the right password ' +
          'from an address that has not been failing is never refused, and a password reset lifts the blocks. ' +
          "After 10 failures in an hour the account's admin is told by e-mail. Every sign-in request, whatever its " +
          'outcome, also counts against a ceiling of 100 an hour per client address. With `role`, the token carries ' +
          "that role instead of the person's own (a token for an integration): a narrower one only.",
        errorResponses: {
          401: 'Invalid email or password (the same answer for an unknown address)',
          403: "The role asked for is wider than the person's own",
          429: 'Too many failed sign-ins for this account or from this client address; wait Retry-After seconds',
        },
        responseHeaders: sessionCookieHeader,
      },
    })
    .input(loginInputSchema)
    .output(loginOutputSchema)
    .mutation(async ({ ctx, input }) => {
      const { token, user } = await login(ctx.deps, { ...input, ip: ctx.ip }, ctx.req.log);
      setSessionCookie(ctx, token);
      return { authToken: token, user };
    }),

  user: staffProcedure('signedIn')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/user',
        tags: ['Admin'],
        summary: 'The signed-in admin',
      },
    })
    .input(z.void())
    .output(userSchema)
    .query(({ ctx }) => ctx.user),

  logout: staffProcedure('signedIn')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/logout',
        tags: ['Admin'],
        summary: 'Ends the current session; its token stops working at once',
        responseHeaders: clearedCookieHeader,
      },
    })
    .input(z.void())
    .output(messageSchema)
    .mutation(async ({ ctx }) => {
      await deleteSession(ctx.deps, ctx.session.id);
      clearSessionCookie(ctx);
      ctx.activity.kind = 'sign_out';
      return { message: AUTH_MESSAGES.loggedOut };
    }),

  register: staffProcedure('manageStaff')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/register',
        tags: ['Admin'],
        summary: 'Adds a member of staff with a role (administrator when not given)',
        description:
          'Administrators add editors, sales staff, authors and contributors; only the owner adds administrators.',
        errorResponses: {
          400: 'The password is too short, too long or too common',
          403: 'Your role cannot give that role',
          409: 'The e-mail address belongs to another admin',
        },
      },
    })
    .input(registerInputSchema)
    .output(userSchema)
    .mutation(({ ctx, input }) => createAdmin(ctx.deps, input, ctx.user)),

  invitation: publicProcedure
    .use(rateLimited(INVITATION_RATE_LIMIT))
    .meta({
      openapi: {
        method: 'POST',
        path: '/invitations/preview',
        tags: ['Admin'],
        summary: "An invitation's address, role and who sent it, from its link's token (nothing is changed)",
        description: 'A POST, so the token stays out of addresses and logs.',
        errorResponses: { 400: 'The link has expired, been used or been revoked' },
      },
    })
    .input(invitationTokenInputSchema)
    .output(invitationPreviewSchema)
    .mutation(({ ctx, input }) => previewInvitation(ctx.deps, input.token)),

  acceptInvitation: publicProcedure
    .use(rateLimited(INVITATION_RATE_LIMIT))
    .meta({
      openapi: {
        method: 'POST',
        path: '/invitations/accept',
        tags: ['Admin'],
        summary:
          'Joins the staff from an invitation with your own name and password, and signs you in (as POST /admin/login)',
        errorResponses: {
          400: 'The link has expired, been used or been revoked; or the password is too short, too long or too common',
          409: 'The address already belongs to someone on the staff',
        },
        responseHeaders: sessionCookieHeader,
      },
    })
    .input(acceptInvitationInputSchema)
    .output(loginOutputSchema)
    .mutation(async ({ ctx, input }) => {
      const { token, user } = await acceptInvitation(ctx.deps, input);
      await recordActivity(ctx.deps.db, {
        kind: 'change',
        at: ctx.deps.clock(),
        user,
        action: 'auth.acceptInvitation',
        summary: `Joined the staff as ${ROLE_NAMES[user.role].toLowerCase()} from an invitation`,
        target: `admin ${user.id}`,
        ip: ctx.ip,
      });
      setSessionCookie(ctx, token);
      return { authToken: token, user };
    }),

  forgotPassword: publicProcedure
    .use(rateLimited(PASSWORD_RESET_RATE_LIMIT))
    .meta({
      openapi: {
        method: 'POST',
        path: '/forgot-password',
        tags: ['Admin'],
        summary: 'E-mails a one-hour, single-use reset link when the address belongs to an admin',
        description: 'The answer is the same whether or not the address exists.',
      },
    })
    .input(forgotPasswordInputSchema)
    .output(messageSchema)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx.deps, input.email)),

  resetPassword: publicProcedure
    .use(rateLimited(PASSWORD_RESET_RATE_LIMIT))
    .meta({
      openapi: {
        method: 'POST',
        path: '/reset-password',
        tags: ['Admin'],
        summary: 'Sets a new password from a reset link; every session of that admin ends',
        errorResponses: {
          400: 'The token is missing, unknown, used or expired, or the password is too short, too long or too common',
        },
      },
    })
    .input(resetPasswordInputSchema)
    .output(messageSchema)
    .mutation(({ ctx, input }) => resetPassword(ctx.deps, input)),
});

// The admin's procedures of this domain: served under the admin router's path (admin.*, /admin/...),
// merged there by router.ts so every tRPC and REST path stays where clients know it.
const adminTags = ['Admin'];
const adminListErrors = { 400: 'An unknown filter value, or paging out of range (pageSize at most 100)' };

export const authAdminProcedures = {
  profile: staffProcedure('signedIn')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/profile',
        tags: adminTags,
        summary:
          'Your own profile: the name, author address, photo and bio your bylines and author page show',
      },
    })
    .input(z.void())
    .output(profileSchema)
    .query(({ ctx }) => getProfile(ctx.deps.db, ctx.user.id)),

  updateProfile: staffProcedure('signedIn')
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/profile',
        tags: adminTags,
        summary: 'Changes your own profile (only what is given): name, author address (slug), photo, bio',
        description:
          'Visitors see it at /author/<slug>, and on your posts, once a post of yours is published; the page ' +
          'moves with a new slug (the old address then answers 404).',
        errorResponses: {
          400: 'An empty name, an address with other than lower-case letters, digits and single hyphens, a bio over 300 characters, or a photo that is not an upload on this site',
          409: 'Someone on the staff already has that address',
        },
      },
    })
    .input(profileUpdateSchema)
    .output(profileSchema)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps, ctx.user.id, input)),

  users: staffProcedure('manageStaff')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/users',
        tags: adminTags,
        summary: 'The admin users, in the order they were added (new ones: POST /admin/register)',
        errorResponses: adminListErrors,
      },
    })
    .input(pageInputSchema)
    .output(adminUserPageSchema)
    .query(({ ctx, input }) => listAdmins(ctx.deps, input)),

  removeUser: staffProcedure('manageStaff')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/users/{id}',
        tags: adminTags,
        summary:
          'Removes a member of staff and ends their sessions at once; never the owner, the last admin or yourself',
        errorResponses: {
          400: 'The id is not a whole number',
          403: "Your role cannot take back this person's role (only the owner removes administrators)",
          404: 'No such admin',
          409: 'The owner, the last admin, or your own account',
        },
      },
    })
    .input(idInputSchema)
    .output(adminMessageSchema)
    .mutation(({ ctx, input }) => removeAdmin(ctx.deps, { id: input.id, caller: ctx.user })),

  invitations: staffProcedure('manageStaff')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/invitations',
        tags: adminTags,
        summary:
          'Invitations to the staff, newest first: pending, accepted, revoked or expired, and who sent each',
        errorResponses: adminListErrors,
      },
    })
    .input(pageInputSchema)
    .output(pageOf(invitationSchema))
    .query(({ ctx, input }) => listInvitations(ctx.deps, input)),

  invite: staffProcedure('manageStaff')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/invitations',
        tags: adminTags,
        summary: `E-mails an invitation to join the staff with a role: a single-use link for ${INVITATION_LIFETIME_DAYS} days`,
        description:
          'The invited person chooses their own name and password (POST /invitations/accept). Administrators invite ' +
          'editors, sales staff, authors and contributors; only the owner invites administrators.',
        errorResponses: {
          400: 'An invalid e-mail address or an unknown role',
          403: 'Your role cannot give that role',
          409: 'The address already belongs to someone on the staff',
        },
      },
    })
    .input(inviteInputSchema)
    .output(invitationSchema)
    .mutation(({ ctx, input }) => inviteStaff(ctx.deps, input, ctx.user)),

  revokeInvitation: staffProcedure('manageStaff')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/invitations/{id}',
        tags: adminTags,
        summary: 'Revokes an open invitation: its link stops working at once',
        errorResponses: {
          400: 'The id is not a whole number',
          403: "Your role cannot give the invitation's role",
          404: 'No such invitation',
          409: 'The invitation was already accepted, revoked or has expired',
        },
      },
    })
    .input(idInputSchema)
    .output(adminMessageSchema)
    .mutation(({ ctx, input }) => revokeInvitation(ctx.deps, input.id, ctx.user)),

  changeUserRole: staffProcedure('manageStaff')
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/users/{id}',
        tags: adminTags,
        summary: "Changes a member of staff's role; their sessions follow it at once",
        description:
          "A token made with a narrower role that the new role no longer covers is ended. The owner's role " +
          'changes only by handing ownership over.',
        errorResponses: {
          400: 'The id is not a whole number, or an unknown role',
          403: 'Your role cannot give the old or the new role (only the owner gives or takes administrator)',
          404: 'No such admin',
          409: 'The owner',
        },
      },
    })
    .input(changeRoleInputSchema)
    .output(adminUserSchema)
    .mutation(({ ctx, input }) => changeRole(ctx.deps, { ...input, caller: ctx.user })),

  handOverOwnership: staffProcedure('manageAdministrators')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/users/{id}/ownership',
        tags: adminTags,
        summary: 'Hands ownership of the business to another member of staff; you become an administrator',
        errorResponses: { 400: 'The id is not a whole number', 404: 'No such admin' },
      },
    })
    .input(idInputSchema)
    .output(adminMessageSchema)
    .mutation(({ ctx, input }) => handOverOwnership(ctx.deps, { id: input.id, callerId: ctx.user.id })),
};
