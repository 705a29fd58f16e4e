import fs from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';

// Docker-compose.yml runs the app as two replicas behind the proxy, with PostgreSQL,
// Redis and MinIO, each with a health check. Docker cannot run in CI, so the file is read here:
// what it wires together, and that the app accepts the environment it is given.

interface Service {
  image?: string;
  deploy?: { replicas?: number };
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  networks?: string[] | Record<string, unknown>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}
const compose = parseYaml(fs.readFileSync('docker-compose.yml', 'utf8')) as {
  services: Record<string, Service>;
  networks: Record<string, { internal?: boolean }>;
};
const { app, db, redis, minio, bucket } = compose.services;

/** ${NAME:-default} as compose fills it in when NAME is not set. */
const withDefaults = (value: string) => value.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');

describe('docker-compose.yml', () => {
  it('runs two instances of the app, each checked by its readiness answer', () => {
    expect(app?.deploy?.replicas).toBe(2);
    expect(app?.healthcheck?.test.join(' ')).toContain('/readyz');
    // No named volume shared by the replicas: each has its own scratch space.
    expect(app?.volumes).toEqual(['/data']);
  });

  it('gives them one PostgreSQL, one Redis and one MinIO bucket, each healthy before the app starts', () => {
    for (const [name, service] of Object.entries({ db, redis, minio })) {
      expect(service?.healthcheck?.test.length, name).toBeGreaterThan(0);
      expect(service?.networks, name).toEqual(['back']);
      expect(app?.depends_on?.[name === 'minio' ? 'bucket' : name], name).toBeDefined();
    }
    expect(compose.networks.back?.internal).toBe(true);
    expect(bucket?.depends_on?.minio?.condition).toBe('service_healthy');
    const env = app!.environment!;
    expect(new URL(withDefaults(env.DATABASE_URL!)).host).toBe('db:5432');
    expect(new URL(env.REDIS_URL!).host).toBe('redis:6379');
    expect(new URL(env.S3_ENDPOINT!).host).toBe('minio:9000');
    // The app's keys are MinIO's own.
    expect(env.S3_ACCESS_KEY_ID).toBe(minio?.environment?.MINIO_ROOT_USER);
    expect(env.S3_SECRET_ACCESS_KEY).toBe(minio?.environment?.MINIO_ROOT_PASSWORD);
    expect(env.S3_BUCKET).toBe(bucket?.environment?.S3_BUCKET);
  });

  it('hands the app an environment its configuration accepts, in S3 mode with path-style addresses', () => {
    const env = Object.fromEntries(Object.entries(app!.environment!).map(([k, v]) => [k, withDefaults(v)]));
    const config = loadConfig(env);
    expect(config.storageKind).toBe('s3');
    expect(config.s3ForcePathStyle).toBe(true);
    expect(config.REDIS_URL).toBe('redis://redis:6379/0');
  });
});
