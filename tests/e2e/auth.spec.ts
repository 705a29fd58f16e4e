import fs from 'node:fs';
import path from 'node:path';
import { e2eDataDir } from '../../playwright.config';
import { expect, test } from './helpers/sign-in';

const outbox = path.join(e2eDataDir, 'outbox');

/** The reset link from the newest captured e-mail to this address (quoted-printable undone). */
function resetLinkFor(email: string, after: number): string | null {
  if (!fs.existsSync(outbox)) return null;
  const files = fs
    .readdirSync(outbox)
    .map((f) => path.join(outbox, f))
    .filter((f) => fs.statSync(f).mtimeMs >= after)
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  for (const file of files) {
    const raw = fs.readFileSync(file, 'utf8');
    if (!raw.toLowerCase().includes(`to: ${email}`)) continue;
    const text = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
    const match = /https?:\/\/[^\s]+\/reset-password\?token=[a-z2-7]+/.exec(text);
    if (match) return match[0];
  }
  return null;
}

test('the reset page without a token says the link is invalid', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
});

test('forgot password, the e-mailed link, a new password, and signing in with it', async ({
  page,
  request,
  adminAuth,
}) => {
  // A second admin of our own, so the shared e2e admin keeps its password.
  const email = `reset-${Date.now()}@hertslocalmedia.co.uk`;
  const created = await request.post('/api/admin/register', {
    headers: adminAuth,
    data: { name: 'Rhys Reset', email, password: 'Old-Beech-Avenue-31' },
  });
  expect(created.ok()).toBe(true);
  const oldSession = (
    await (
      await request.post('/api/admin/login', { data: { email, password: 'Old-Beech-Avenue-31' } })
    ).json()
  ).authToken;

  const started = Date.now() - 1000;
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText('If an account exists for that email address')).toBeVisible();
  await page.getByRole('button', { name: 'Send Another Email' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();

  await expect.poll(() => resetLinkFor(email, started), { timeout: 10_000 }).not.toBeNull();
  const link = new URL(resetLinkFor(email, started)!);
  await page.goto(link.pathname + link.search);

  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password', { exact: true }).fill('different');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill('New-Willow-Crescent-64');
  await page.getByLabel('Confirm new password', { exact: true }).fill('New-Willow-Crescent-64');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Successfully' })).toBeVisible();

  // The reset ended the old session, and the link works only once.
  const me = await request.get('/api/admin/user', { headers: { Authorization: `Bearer ${oldSession}` } });
  expect(me.status()).toBe(401);
  const reuse = await request.post('/api/reset-password', {
    data: { token: link.searchParams.get('token'), newPassword: 'Another-Try-Here-77' },
  });
  expect(reuse.status()).toBe(400);

  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('New-Willow-Crescent-64');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Rhys Reset' })).toBeVisible();
});
