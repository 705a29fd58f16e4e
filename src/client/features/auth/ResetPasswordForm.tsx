import { CheckCircle2, KeyRound, ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { AUTH_MESSAGES } from '../../../shared/auth';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { Button, buttonClass } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast-store';
import { serverMessage } from '../../lib/api';
import { trpc } from '../../lib/trpc';
import { PasswordField } from './PasswordField';
import * as styles from './Form.css';

export function ResetPasswordForm() {
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  const reset = trpc.auth.resetPassword.useMutation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [done, setDone] = useState(false);

  if (!token) {
    return (
      <div className={styles.panel}>
        <ShieldAlert size={40} className={styles.icon} aria-hidden="true" />
        <h1 className={styles.heading}>Invalid Reset Link</h1>
        <p className={styles.lead}>{AUTH_MESSAGES.resetTokenRequired}</p>
        <div className={styles.actions}>
          <Link href="/forgot-password" className={buttonClass({ variant: 'primary' })}>
            Request a new link
          </Link>
          <Link href="/login" className={buttonClass({ variant: 'outline' })}>
            Back to Login
          </Link>
        </div>
      </div>
    );
  }

  if (done) {
    return (
      <div className={styles.panel} role="status">
        <CheckCircle2 size={40} className={styles.successIcon} aria-hidden="true" />
        <h1 className={styles.heading}>Password Reset Successfully</h1>
        <p className={styles.lead}>Your password has been changed and you have been signed out everywhere. Sign in with your new password.</p>
        <Link href="/login" className={buttonClass({ variant: 'primary', block: true })}>
          Sign in
        </Link>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (password.length < PASSWORD_MIN_LENGTH) found.password = AUTH_MESSAGES.passwordTooShort;
    if (password !== confirm) found.confirm = AUTH_MESSAGES.passwordsDoNotMatch;
    setErrors(found);
    if (found.password || found.confirm) return;
    try {
      await reset.mutateAsync({ token, newPassword: password });
      setDone(true);
    } catch (error) {
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to reset password. Please try again.', variant: 'destructive' });
    }
  };

  return (
    <div className={styles.panel}>
      <KeyRound size={36} className={styles.icon} aria-hidden="true" />
      <h1 className={styles.heading}>Choose a new password</h1>
      <p className={styles.lead}>
        Use at least {PASSWORD_MIN_LENGTH} characters. A few unrelated words make a password that is long and easy to remember.
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <PasswordField
          id="reset-password"
          label="New password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          required
        />
        <PasswordField
          id="reset-confirm"
          label="Confirm new password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={errors.confirm}
          required
        />
        <Button type="submit" block disabled={reset.isPending}>
          {reset.isPending ? 'Resetting...' : 'Reset password'}
        </Button>
      </form>
      <div className={styles.links}>
        <Link href="/login" className={styles.link}>
          Back to Login
        </Link>
      </div>
    </div>
  );
}
