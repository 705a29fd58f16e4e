import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { perInstanceWarnings } from '../../src/server/platform/shared-state';
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

// Issue 17: the variables of several instances.
describe('REDIS_URL and the S3 settings', () => {
  it('keep everything in this process and DATA_DIR when unset', () => {
    const config = loadConfig({});
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.storageKind).toBe('local');
  });

  it('refuse a Redis address that is not redis:// or rediss://', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://redis:6379' })).toThrow(/REDIS_URL="http:\/\/redis:6379"/);
    expect(loadConfig({ REDIS_URL: 'rediss://:secret@cache.example.co.uk:6380/1' }).REDIS_URL).toBe(
      'rediss://:secret@cache.example.co.uk:6380/1',
    );
  });

  it('use the bucket, path-style only for another endpoint unless told, and want both keys or neither', () => {
    expect(loadConfig({ S3_BUCKET: 'hlm' })).toMatchObject({ storageKind: 's3', s3ForcePathStyle: false });
    expect(loadConfig({ S3_BUCKET: 'hlm', S3_ENDPOINT: 'http://minio:9000' }).s3ForcePathStyle).toBe(true);
    expect(
      loadConfig({
        S3_BUCKET: 'hlm',
        S3_ENDPOINT: 'https://x.r2.cloudflarestorage.com',
        S3_FORCE_PATH_STYLE: 'false',
      }).s3ForcePathStyle,
    ).toBe(false);
    expect(() => loadConfig({ S3_BUCKET: 'hlm', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY="": set both S3 keys or neither/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /S3_BUCKET="": S3_ENDPOINT needs S3_BUCKET/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'hlm', S3_PREFIX: '/uploads' })).toThrow(/S3_PREFIX/);
  });
});

describe('an instance on a shared database without the shared engines', () => {
  it('is warned that limits, caches and files are its own', () => {
    expect(perInstanceWarnings(loadConfig({}))).toEqual([]);
    const alone = perInstanceWarnings(loadConfig({ DATABASE_URL: 'postgres://hlm@db/hlm' }));
    expect(alone).toHaveLength(2);
    expect(alone[0]).toMatch(
      /REDIS_URL is not: rate limits, sign-in throttling and the response cache are per instance/,
    );
    expect(alone[1]).toMatch(/S3_BUCKET is not: uploaded files are kept in this instance's DATA_DIR/);
    const shared = loadConfig({
      DATABASE_URL: 'postgres://hlm@db/hlm',
      REDIS_URL: 'redis://redis:6379',
      S3_BUCKET: 'hlm',
    });
    expect(perInstanceWarnings(shared)).toEqual([]);
  });
});

// Issue 24: the embedded database's code, baseline by default for a small server.
describe('PGLITE_OPTIMISED_CODE', () => {
  it('is off unless set, and takes true', () => {
    expect(loadConfig({}).PGLITE_OPTIMISED_CODE).toBe(false);
    expect(loadConfig({ PGLITE_OPTIMISED_CODE: 'true' }).PGLITE_OPTIMISED_CODE).toBe(true);
  });
});
