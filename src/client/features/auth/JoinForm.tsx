import { ShieldAlert, UserPlus } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { z } from 'zod';
import {
  acceptInvitationInputSchema,
  ADMIN_NAME_MAX_LENGTH,
  AUTH_MESSAGES,
  newPasswordSchema,
} from '../../../shared/auth';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { ROLE_DESCRIPTIONS, ROLE_NAMES } from '../../../shared/staff';
import { buttonClass } from '../../components/ui/Button';
import { PasswordField } from '../../components/ui/form/PasswordField';
import { TextField } from '../../components/ui/form/TextField';
import { useSchemaForm } from '../../components/ui/form/useSchemaForm';
import { toast } from '../../components/ui/toast-store';
import { serverMessage } from '../../lib/api';
import { trpc } from '../../lib/trpc';
import { AuthFormPanel, AuthNotice } from './AuthPanel';
import * as styles from './Form.css';

/** POST /api/invitations/accept's input, with the password typed twice and the server's length rule. */
const joinFormSchema = acceptInvitationInputSchema
  .extend({ password: newPasswordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: AUTH_MESSAGES.passwordsDoNotMatch, path: ['confirm'] });

/**
 * The invitation link's page: who invited you, as what, then your name and password; accepting
 * signs you in and opens the admin.
 */
export function JoinForm() {
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const preview = trpc.auth.invitation.useMutation();
  const accept = trpc.auth.acceptInvitation.useMutation();
  const form = useSchemaForm({
    initial: { name: '', password: '', confirm: '' },
    schema: joinFormSchema,
    input: (values) => ({ ...values, token }),
  });
  // The preview is a POST (the token stays out of addresses): asked once, when the page opens.
  const askPreview = preview.mutate;
  useEffect(() => {
    if (token) askPreview({ token });
  }, [token, askPreview]);

  const invalid = (
    <AuthNotice
      icon={ShieldAlert}
      heading="This invitation no longer works"
      lead="Its link has expired, been used or been revoked. Ask the person who invited you for a new one."
    >
      <Link href="/login" className={buttonClass({ variant: 'outline', block: true })}>
        Go to sign in
      </Link>
    </AuthNotice>
  );
  if (!token || preview.isError) return invalid;
  const invitation = preview.data;
  if (!invitation)
    return (
      <AuthNotice icon={UserPlus} heading="Checking your invitation..." lead="">
        {null}
      </AuthNotice>
    );

  const submit = form.submit({
    onValid: async ({ name, password }) => {
      try {
        await accept.mutateAsync({ token, name, password });
        await utils.auth.user.invalidate();
        toast({ title: 'Welcome to the team', description: `You are signed in as ${invitation.email}.` });
        navigate('/admin');
      } catch (error) {
        toast({
          title: 'Could not join',
          description: serverMessage(error) ?? 'Please try again.',
          variant: 'destructive',
        });
      }
    },
  });

  const role = ROLE_NAMES[invitation.role];
  return (
    <AuthFormPanel
      icon={UserPlus}
      heading="Join the Herts Local Media team"
      lead={
        <>
          {invitation.invitedBy} invited <strong className={styles.address}>{invitation.email}</strong> as{' '}
          {/^[AEIOU]/.test(role) ? 'an' : 'a'} {role.toLowerCase()}: {ROLE_DESCRIPTIONS[invitation.role]}{' '}
          Choose your name and a password of at least {PASSWORD_MIN_LENGTH} characters.
        </>
      }
      onSubmit={submit}
      busy={accept.isPending}
      submitLabel="Join the team"
      busyLabel="Joining..."
      links={[{ href: '/login', label: 'I already have an account' }]}
    >
      <TextField
        label="Your name"
        autoComplete="name"
        maxLength={ADMIN_NAME_MAX_LENGTH}
        {...form.control('name')}
        required
      />
      <PasswordField label="Password" autoComplete="new-password" {...form.control('password')} required />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        {...form.control('confirm')}
        required
      />
    </AuthFormPanel>
  );
}
