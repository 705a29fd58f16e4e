import { expect, test as base } from './test';
import { ADMIN_ACCOUNT } from '../../../playwright.config';

// Signing in as the seeded e2e admin, once for every spec: a spec imports `test` from here and
// asks for `signIn` (the page's browser signed in) or `adminAuth` (a bearer header for putting
// data in place through the API), instead of writing its own sign-in.

export interface SignInOptions {
  /**
   * 'form' (the default): the way the admin does it, through /login, ending on the dashboard.
   * 'api': POST /api/admin/login from the page's context, which sets only the session cookie,
   * for tests about something other than signing in.
   */
  by?: 'form' | 'api';
  /** What is typed into the form's Email field (the seeded admin's address by default). */
  email?: string;
}

export type SignIn = (options?: SignInOptions) => Promise<void>;

export const test = base.extend<{
  signIn: SignIn;
  adminAuth: { Authorization: string };
}>({
  signIn: async ({ page }, use) => {
    await use(async ({ by = 'form', email = ADMIN_ACCOUNT.email } = {}) => {
      if (by === 'api') {
        const res = await page.request.post('/api/admin/login', {
          data: { email, password: ADMIN_ACCOUNT.password },
        });
        expect(res.status(), await res.text()).toBe(200);
        return;
      }
      await page.goto('/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(ADMIN_ACCOUNT.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText('Login successful', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN_ACCOUNT.name}` })).toBeVisible();
    });
  },
  adminAuth: async ({ request }, use) => {
    const res = await request.post('/api/admin/login', {
      data: { email: ADMIN_ACCOUNT.email, password: ADMIN_ACCOUNT.password },
    });
    expect(res.status(), await res.text()).toBe(200);
    await use({ Authorization: `Bearer ${((await res.json()) as { authToken: string }).authToken}` });
  },
});

export { expect };
