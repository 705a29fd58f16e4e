import type { Page } from '@playwright/test';

/** Counts the page's requests whose URL contains `fragment` (a tRPC procedure, say) from now on; call the result to read the count. */
export function countRequestsTo(page: Page, fragment: string): () => number {
  let count = 0;
  page.on('request', (req) => {
    if (req.url().includes(fragment)) count++;
  });
  return () => count;
}
