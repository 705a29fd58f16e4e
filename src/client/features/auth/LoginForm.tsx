import { LogIn } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { AUTH_MESSAGES, EMAIL_PATTERN } from '../../../shared/auth';
import { REDIRECT_AFTER_LOGIN_MS } from '../../../shared/constants';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast-store';
import { serverMessage } from '../../lib/api';
import { trpc } from '../../lib/trpc';
import { PasswordField } from './PasswordField';
import { TextField } from './TextField';
import { useAdminUser } from './useAdminUser';
import * as styles from './Form.css';

export function LoginForm() {
  const [, navigate] = useLocation();
  const { user } = useAdminUser();
  const utils = trpc.useUtils();
  const login = trpc.auth.login.useMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});

  // Already signed in: straight to the admin screen.
  useEffect(() => {
    if (user && !login.isSuccess) navigate('/admin', { replace: true });
  }, [user, login.isSuccess, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    const found: typeof errors = {};
    if (!trimmed) found.email = 'Email is required';
    else if (!EMAIL_PATTERN.test(trimmed)) found.email = AUTH_MESSAGES.invalidEmail;
    if (!password) found.password = 'Password is required';
    setErrors(found);
    if (found.email || found.password) return;
    try {
      const result = await login.mutateAsync({ email: trimmed, password });
      utils.auth.user.setData(undefined, result.user);
      await utils.auth.user.invalidate();
      toast({ title: 'Login successful', description: 'Welcome back!' });
      window.setTimeout(() => navigate('/admin'), REDIRECT_AFTER_LOGIN_MS);
    } catch (error) {
      toast({ title: 'Login failed', description: serverMessage(error) ?? 'Invalid credentials', variant: 'destructive' });
    }
  };

  return (
    <div className={styles.panel}>
      <LogIn size={36} className={styles.icon} aria-hidden="true" />
      <h1 className={styles.heading}>Admin sign in</h1>
      <p className={styles.lead}>Sign in to manage the blog and the rest of the site.</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          required
        />
        <PasswordField
          id="login-password"
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
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
