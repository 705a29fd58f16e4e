import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { ACADEMY, BUSINESS } from '../../src/shared/business';

// Issue 18.6: the addresses mail goes from and to by default are the business's own, on the one
// domain the pages, structured data and footer show.
describe('the default mail addresses', () => {
  it('are the business address of src/shared/business.ts', () => {
    const config = loadConfig({});
    expect(config.BUSINESS_INBOX).toBe(BUSINESS.email);
    expect(config.MAIL_FROM).toBe(`${BUSINESS.name} <${BUSINESS.email}>`);
    const domain = BUSINESS.email.split('@')[1];
    expect(ACADEMY.email.split('@')[1]).toBe(domain);
  });
});
