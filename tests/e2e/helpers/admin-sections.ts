// The admin's sections as a test walks them, the same in Chromium and Firefox, whether Playwright
// or puppeteer-core drives the browser: each function runs inside the page (passed to evaluate or
// waitForFunction as it is), so it must not use anything from outside its own body.

/** The sections' ids, read from the navigation, which is drawn from the one list of sections. */
export function adminSectionIds(): string[] {
  return Array.from(
    document.querySelectorAll('nav[aria-label="Admin sections"] [data-section]'),
    (button) => button.getAttribute('data-section') ?? '',
  );
}

/**
 * Whether the section is the one open and has stopped loading: nothing busy (a list, the
 * navigation's counts) and no grey placeholder left.
 */
export function adminSectionSettled(id: string): boolean {
  const open = document.querySelector('nav[aria-label="Admin sections"] [aria-current="page"]');
  return (
    open?.getAttribute('data-section') === id &&
    document.querySelector('[aria-busy="true"], [data-skeleton]') === null
  );
}

/** The messages of a part that could not load ('The posts could not be loaded', 'Could not load these figures'). */
export function loadFailures(): string[] {
  return Array.from(document.querySelectorAll('[role="alert"]'), (el) => el.textContent ?? '').filter(
    (text) => /could not (be )?load/i.test(text),
  );
}
