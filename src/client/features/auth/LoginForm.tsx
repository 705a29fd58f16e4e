import { LogIn } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { loginInputSchema } from '../../../shared/auth';
import { REDIRECT_AFTER_LOGIN_MS } from '../../../shared/constants';
import { Button } from '../../components/ui/Button';
import { PasswordField } from '../../components/ui/form/PasswordField';
import { TextField } from '../../components/ui/form/TextField';
import { useSchemaForm } from '../../components/ui/form/useSchemaForm';
import * as fieldStyles from '../../components/ui/form/Field.css';
import { toast } from '../../components/ui/toast-store';
import { serverMessage } from '../../lib/api';
import { trpc } from '../../lib/trpc';
import { useAdminUser } from './useAdminUser';
import * as styles from './Form.css';

export function LoginForm() {
  const [, navigate] = useLocation();
  const { user } = useAdminUser();
  const utils = trpc.useUtils();
  const login = trpc.auth.login.useMutation();
  const form = useSchemaForm({
    initial: { email: '', password: '' },
    schema: loginInputSchema,
    blank: { email: 'Email is required', password: 'Password is required' },
  });

  // Already signed in: straight to the admin screen.
  useEffect(() => {
    if (user && !login.isSuccess) navigate('/admin', { replace: true });
  }, [user, login.isSuccess, navigate]);

  const submit = form.submit({
    onValid: async (credentials) => {
      try {
        const result = await login.mutateAsync(credentials);
        utils.auth.user.setData(undefined, result.user);
        await utils.auth.user.invalidate();
        toast({ title: 'Login successful', description: 'Welcome back!' });
        window.setTimeout(() => navigate('/admin'), REDIRECT_AFTER_LOGIN_MS);
      } catch (error) {
        toast({
          title: 'Login failed',
          description: serverMessage(error) ?? 'Invalid credentials',
          variant: 'destructive',
        });
      }
    },
  });

  return (
    <div className={styles.panel}>
      <LogIn size={36} className={styles.icon} aria-hidden="true" />
      <h1 className={styles.heading}>Admin sign in</h1>
      <p className={styles.lead}>Sign in to manage the blog and the rest of the site.</p>
      <form className={fieldStyles.stack} onSubmit={submit} noValidate>
        <TextField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="username"
          {...form.field('email')}
          error={form.errors.email}
          required
        />
        <PasswordField
          id="login-password"
          label="Password"
          autoComplete="current-password"
          {...form.field('password')}
          error={form.errors.password}
          required
        />
        <Button type="submit" block disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      <div className={styles.links}>
        <Link href="/forgot-password" className={styles.link}>
          Forgot your password?
        </Link>
        <Link href="/" className={styles.link}>
          Back to homepage
        </Link>
      </div>
    </div>
  );
}
