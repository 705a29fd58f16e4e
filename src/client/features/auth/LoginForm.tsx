import { LogIn } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { loginInputSchema } from '../../../shared/auth';
import { REDIRECT_AFTER_LOGIN_MS } from '../../../shared/constants';
import { PasswordField } from '../../components/ui/form/PasswordField';
import { TextField } from '../../components/ui/form/TextField';
import { useSchemaForm } from '../../components/ui/form/useSchemaForm';
import { toast } from '../../components/ui/toast-store';
import { serverMessage } from '../../lib/api';
import { trpc } from '../../lib/trpc';
import { useAdminUser } from './useAdminUser';
import { AuthFormPanel } from './AuthPanel';

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
    <AuthFormPanel
      icon={LogIn}
      heading="Admin sign in"
      lead="Sign in to manage the blog and the rest of the site."
      onSubmit={submit}
      busy={login.isPending}
      submitLabel="Sign in"
      busyLabel="Signing in..."
      links={[
        { href: '/forgot-password', label: 'Forgot your password?' },
        { href: '/', label: 'Back to homepage' },
      ]}
    >
      <TextField label="Email" type="email" autoComplete="username" {...form.control('email')} required />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        {...form.control('password')}
        required
      />
    </AuthFormPanel>
  );
}
