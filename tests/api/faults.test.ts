import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type AppDeps } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { runSeeds } from '../../src/server/db/seed';
import { createMemoryMailer } from '../../src/server/services/mail';
import { createPayments } from '../../src/server/services/payments';
import { createPostgresServer, type PostgresServer } from '../helpers/postgres-server';
import type { FastifyInstance } from 'fastify';

// The PostgreSQL server goes away while the app runs: requests fail fast with 503, health says so,
// and everything comes back by itself when the server returns, with no restart of the app.
let pg: PostgresServer;
let db: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  pg = await createPostgresServer();
  db = await openDatabase({ databaseUrl: pg.url });
  await runSeeds(db.db);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/hlm-faults', CLIENT_DIST: '/nonexistent' });
  const deps: AppDeps = { config, db, mailer: createMemoryMailer(), payments: createPayments(config), clock: () => new Date() };
  app = await createApp(deps, { logger: false });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
  pg?.destroy();
});

describe('when the PostgreSQL server stops and comes back', () => {
  it('answers 503 quickly while it is down, then recovers without a restart', { timeout: 120_000 }, async () => {
    const before = await app.inject({ method: 'GET', url: '/api/advertising-services' });
    expect(before.statusCode).toBe(200);

    // Requests in flight while the server stops.
    const inFlight = Array.from({ length: 10 }, () => app.inject({ method: 'GET', url: '/api/advertising-services' }));
    pg.stop('immediate');
    for (const res of await Promise.all(inFlight)) {
      expect([200, 503]).toContain(res.statusCode);
    }

    const down = await app.inject({ method: 'GET', url: '/api/advertising-services' });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json().message).toMatch(/unavailable/i);
    expect(JSON.stringify(down.json())).not.toMatch(/ECONNREFUSED|stack|select /i);

    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable', database: 'down' });

    pg.start();
    let recovered = false;
    for (let i = 0; i < 50 && !recovered; i++) {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      recovered = res.statusCode === 200;
      if (!recovered) await new Promise((r) => setTimeout(r, 200));
    }
    expect(recovered).toBe(true);
    const after = await app.inject({ method: 'GET', url: '/api/advertising-services' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toHaveLength(4);
  });
});
