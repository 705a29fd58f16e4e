import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { BUSINESS, BUSINESS_DETAILS_SEED } from '../../src/shared/business';

// Issue 18.6: the addresses mail goes from and to by default are the business's own, on the one
// domain the pages, structured data and footer show.
describe('the default mail addresses', () => {
  it('are the starting business address of src/shared/business.ts', () => {
    const config = loadConfig({});
    expect(config.BUSINESS_INBOX).toBe(BUSINESS_DETAILS_SEED.email);
    expect(config.MAIL_FROM).toBe(`${BUSINESS.name} <${BUSINESS_DETAILS_SEED.email}>`);
    const domain = BUSINESS_DETAILS_SEED.email.split('@')[1];
    expect(BUSINESS_DETAILS_SEED.academyEmail.split('@')[1]).toBe(domain);
  });
});
