import { CheckCircle2, KeyRound, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { z } from 'zod';
import { AUTH_MESSAGES, newPasswordSchema, resetPasswordInputSchema } from '../../../shared/auth';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { buttonClass } from '../../components/ui/Button';
import { PasswordField } from '../../components/ui/form/PasswordField';
import { useSchemaForm } from '../../components/ui/form/useSchemaForm';
import * as styles from './Form.css';
import { toast } from '../../components/ui/toast-store';
import { serverMessage } from '../../lib/api';
import { trpc } from '../../lib/trpc';
import { AuthFormPanel, AuthNotice } from './AuthPanel';

/** POST /api/reset-password's input, with the new password typed twice (docs/specification.md §5, validation rules). */
const resetFormSchema = resetPasswordInputSchema
  .extend({ newPassword: newPasswordSchema, confirm: z.string() })
  .refine((v) => v.newPassword === v.confirm, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ['confirm'],
  });

export function ResetPasswordForm() {
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  const reset = trpc.auth.resetPassword.useMutation();
  const form = useSchemaForm({
    initial: { newPassword: '', confirm: '' },
    schema: resetFormSchema,
    input: (values) => ({ ...values, token }),
  });
  const [done, setDone] = useState(false);

  if (!token) {
    return (
      <AuthNotice
        icon={ShieldAlert}
        heading="Invalid Reset Link"
        lead="This link has no reset token, so it cannot set a new password. Please request a new password reset."
      >
        <div className={styles.noticeActions}>
          <Link href="/forgot-password" className={buttonClass({ variant: 'primary', block: true })}>
            Request a new link
          </Link>
          <Link href="/login" className={buttonClass({ variant: 'outline', block: true })}>
            Back to Login
          </Link>
        </div>
      </AuthNotice>
    );
  }

  if (done) {
    return (
      <AuthNotice
        icon={CheckCircle2}
        success
        heading="Password Reset Successfully"
        lead="Your password has been changed and you have been signed out everywhere. Sign in with your new password."
      >
        <Link href="/login" className={buttonClass({ variant: 'primary', block: true })}>
          Sign in
        </Link>
      </AuthNotice>
    );
  }

  const failed = (description?: string) =>
    toast({
      title: 'Error',
      description: description ?? 'Failed to reset password. Please try again.',
      variant: 'destructive',
    });
  const submit = form.submit({
    onValid: async ({ token: checked, newPassword }) => {
      try {
        await reset.mutateAsync({ token: checked, newPassword });
        setDone(true);
      } catch (error) {
        failed(serverMessage(error));
      }
    },
    // A token the schema refuses is not one we sent.
    onInvalid: (errors) => {
      if ('token' in errors) failed(AUTH_MESSAGES.resetTokenInvalid);
    },
  });

  return (
    <AuthFormPanel
      icon={KeyRound}
      heading="Choose a new password"
      lead={`Use at least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a password that is long and easy to remember.`}
      onSubmit={submit}
      busy={reset.isPending}
      submitLabel="Reset password"
      busyLabel="Resetting..."
      links={[{ href: '/login', label: 'Back to Login' }]}
    >
      <PasswordField
        label="New password"
        autoComplete="new-password"
        {...form.control('newPassword')}
        required
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        {...form.control('confirm')}
        required
      />
    </AuthFormPanel>
  );
}
