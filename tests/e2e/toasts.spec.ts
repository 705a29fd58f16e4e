import type { Page } from '@playwright/test';
import { expect, test } from './helpers/test';

// The notifications list sits over the foot of the screen even when it shows nothing (it is padded),
// and on a phone a toast spans the screen's width. Only a toast itself may take a tap: before, the
// empty strip swallowed taps on whatever lay under it, with no sign of why nothing happened.

/** Whether the notifications list (not a toast in it) is what a tap at (x, y) would reach. */
const listTakesTapAt = (page: Page, x: number, y: number) =>
  page.evaluate(
    ([px, py]) => {
      const hit = document.elementFromPoint(px!, py!);
      const list = document.querySelector('[role="region"][aria-label^="Notifications"] ol');
      return { list: hit !== null && hit === list };
    },
    [x, y],
  );

test.use({ viewport: { width: 390, height: 844 } });

test('the empty notifications strip at the foot of a phone screen takes no taps; a toast can still be closed', async ({
  page,
}) => {
  await page.goto('/#newsletter-signup');
  for (const y of [844 - 4, 844 - 12, 844 - 24]) {
    expect((await listTakesTapAt(page, 195, y)).list, `a tap at y=${y}`).toBe(false);
  }
  const form = page.getByRole('form', { name: 'Newsletter signup' });
  await form.getByLabel('Email address').fill(`strip-${Date.now()}@example.co.uk`);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Successfully subscribed!' });
  await expect(toast).toBeVisible();
  // The list's padding beside and below the toast still takes no tap; the toast's own button does
  // (Playwright clicks only what would receive the click).
  expect((await listTakesTapAt(page, 195, 844 - 4)).list).toBe(false);
  await page.getByRole('button', { name: 'Close notification' }).click();
  await expect(toast).toBeHidden();
});
