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
import { AuthFormPanel, AuthNotice } from './AuthPanel';

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
        // A rate limit says how long to wait; anything else gets the message of the specification's error catalogue (docs/specification.md §8).
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
      <AuthNotice icon={MailCheck} success heading="Check Your Email" lead={sentMessage}>
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
      </AuthNotice>
    );
  }

  return (
    <AuthFormPanel
      icon={KeyRound}
      heading="Forgot your password?"
      lead="Enter the email address you sign in with and we will send you a link to choose a new password."
      onSubmit={submit}
      busy={request.isPending}
      submitLabel="Send reset link"
      busyLabel="Sending..."
      links={[{ href: '/login', label: 'Back to Login' }]}
    >
      <TextField label="Email" type="email" autoComplete="email" {...form.control('email')} required />
    </AuthFormPanel>
  );
}
