import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { forgotPasswordInputSchema } from '../../../shared/auth';
import { Button, buttonClass } from '../../components/ui/Button';
import { TextField } from '../../components/ui/form/TextField';
import { useSchemaForm } from '../../components/ui/form/useSchemaForm';
import * as fieldStyles from '../../components/ui/form/Field.css';
import { toast } from '../../components/ui/toast-store';
import { errorStatus, serverMessage } from '../../lib/api';
import { trpc } from '../../lib/trpc';
import * as styles from './Form.css';

export function ForgotPasswordForm() {
  const request = trpc.auth.forgotPassword.useMutation();
  const form = useSchemaForm({
    initial: { email: '' },
    schema: forgotPasswordInputSchema,
    blank: { email: 'Email is required' },
  });
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  const submit = form.submit({
    onValid: async (input) => {
      try {
        const result = await request.mutateAsync(input);
        setSentMessage(result.message);
      } catch (err) {
        // A rate limit says how long to wait; anything else gets the message of SPEC section 8.
        const limited = errorStatus(err) === 429 ? serverMessage(err) : undefined;
        toast({
          title: 'Error',
          description: limited ?? 'Failed to send reset email. Please try again.',
          variant: 'destructive',
        });
      }
    },
  });

  if (sentMessage !== null) {
    return (
      <div className={styles.panel} role="status">
        <MailCheck size={40} className={styles.successIcon} aria-hidden="true" />
        <h1 className={styles.heading}>Check Your Email</h1>
        <p className={styles.lead}>{sentMessage}</p>
        <p className={fieldStyles.hint}>
          The link works once and for one hour. Remember to look in your spam folder.
        </p>
        <div className={fieldStyles.actions}>
          <Link href="/login" className={buttonClass({ variant: 'primary' })}>
            Back to Login
          </Link>
          <Button
            variant="outline"
            onClick={() => {
              setSentMessage(null);
            }}
          >
            Send Another Email
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.panel}>
      <KeyRound size={36} className={styles.icon} aria-hidden="true" />
      <h1 className={styles.heading}>Forgot your password?</h1>
      <p className={styles.lead}>
        Enter the email address you sign in with and we will send you a link to choose a new password.
      </p>
      <form className={fieldStyles.stack} onSubmit={submit} noValidate>
        <TextField
          id="forgot-email"
          label="Email"
          type="email"
          autoComplete="email"
          {...form.field('email')}
          error={form.errors.email}
          required
        />
        <Button type="submit" block disabled={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send reset link'}
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
