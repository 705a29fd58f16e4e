import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants';
import { emailAddressField } from './email.schema';
import { slugField } from './slug';
import { staffRoleSchema } from './staff';

// Admin sign-in, registration and password reset (docs/specification.md §5-7).

export const PASSWORD_MAX_LENGTH = 256;
export const ADMIN_NAME_MAX_LENGTH = 100;

export const AUTH_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  emailAndPasswordRequired: 'Email and password are required',
  invalidCredentials: 'Invalid email or password',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  passwordTooCommon:
    'This password is too common and easy to guess. Please choose a less predictable one, such as three or four unrelated words.',
  resetTokenRequired: 'Invalid reset link. Please request a new password reset.',
  resetTokenInvalid: 'This reset link is invalid or has expired. Please request a new password reset.',
  resetDone: 'Your password has been reset. You can now sign in with your new password.',
  resetEmailSent:
    'If an account exists for that email address, we have sent a link to reset your password. Please check your inbox.',
  duplicateEmail: 'An admin with this email address already exists',
  loggedOut: 'You have been signed out.',
  /** Logout's call failed or went unanswered: the session cookie may still be valid on the server. */
  logoutUnconfirmed:
    'The server did not confirm it, so this device may still be signed in. Log out again before you leave a shared computer.',
} as const;

const emailField = emailAddressField({ invalid: AUTH_MESSAGES.invalidEmail, lowerCase: true });

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** What this session may do: the person's role, or the narrower one its token was made with. */
  role: staffRoleSchema,
});
export type User = z.infer<typeof userSchema>;

export const loginInputSchema = z.object({
  email: emailField,
  password: z.string().min(1, AUTH_MESSAGES.emailAndPasswordRequired).max(PASSWORD_MAX_LENGTH),
  /** A narrower role for this token than the person's own (a token for an integration). */
  role: staffRoleSchema.optional(),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const loginOutputSchema = z.object({
  /** The session token: send it as `Authorization: Bearer <authToken>`; it is also set as a cookie. */
  authToken: z.string(),
  user: userSchema,
});

export const registerInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(ADMIN_NAME_MAX_LENGTH),
  email: emailField,
  /** Length and commonness are checked by the server with the messages above. */
  password: z.string().max(PASSWORD_MAX_LENGTH),
  /** Administrator when not given, as before roles existed (only the owner may give it). */
  role: staffRoleSchema.optional(),
});

export const changeRoleInputSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  role: staffRoleSchema,
});

export const forgotPasswordInputSchema = z.object({ email: emailField });

export const resetPasswordInputSchema = z.object({
  token: z.string().max(200),
  newPassword: z.string().max(PASSWORD_MAX_LENGTH),
});

/**
 * A new password as the reset and new-admin forms check it before sending: the server's field with
 * the length rule domains/auth/passwords.ts applies (which also refuses the most common passwords).
 */
export const newPasswordSchema = resetPasswordInputSchema.shape.newPassword.min(
  PASSWORD_MIN_LENGTH,
  AUTH_MESSAGES.passwordTooShort,
);

export const messageSchema = z.object({ message: z.string() });

/** POST /api/invitations/accept: the invited person's own name and password. */
export const acceptInvitationInputSchema = z.object({
  token: z.string().trim().min(1).max(200),
  name: z.string().trim().min(1, 'Name is required').max(ADMIN_NAME_MAX_LENGTH),
  /** Length and commonness are checked by the server, as for a reset. */
  password: z.string().max(PASSWORD_MAX_LENGTH),
});

// --- A member of staff's own profile: their byline and author page ------------------------------

export const STAFF_BIO_MAX = 300;

export const PROFILE_MESSAGES = {
  saved: 'Your profile is saved.',
  slugTaken: 'Someone on the staff already has that address. Try another.',
  badPhotoUrl: 'Choose the photo by uploading it here.',
} as const;

/** What a person shows visitors when a post of theirs is out: name, address, photo and bio. */
export const profileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The address word of their author page, /author/<slug>. */
  slug: z.string(),
  bio: z.string(),
  photoUrl: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileUpdateSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(ADMIN_NAME_MAX_LENGTH).optional(),
  slug: slugField.optional(),
  bio: z.string().trim().max(STAFF_BIO_MAX, `The bio must be at most ${STAFF_BIO_MAX} characters`).optional(),
  /** An uploaded image on this site, or null for none. */
  photoUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^\/(?!\/)[\w\-./]+$/, PROFILE_MESSAGES.badPhotoUrl)
    .nullable()
    .optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
