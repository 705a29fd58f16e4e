import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/platform/db/client';
import { answered } from '../helpers/challenge';
import { createPostgresServer, type PostgresServer } from '../helpers/postgres-server';
import { buildTestApp, type TestApp } from '../helpers/app';
import type { FastifyInstance } from 'fastify';
import { scaled } from '../helpers/timeouts';
import { sql } from 'drizzle-orm';

// The PostgreSQL server goes away while the app runs: requests fail fast with 503, health says so,
// and everything comes back by itself when the server returns, with no restart of the app.
let pg: PostgresServer;
let db: DatabaseHandle;
let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  pg = await createPostgresServer();
  db = await openDatabase({ databaseUrl: pg.url });
  // No job runs after each request: the queue's own reads would fail while the server is away.
  t = await buildTestApp({ database: db, outbox: 'manual' });
  app = t.app;
}, scaled(120_000));

afterAll(async () => {
  await t?.close();
  await db?.close();
  pg?.destroy();
});

describe('when every pooled connection is busy', () => {
  it('a request waits for the next free one instead of being refused 503', async () => {
    // Ten slow statements hold the pool's ten connections for 3 s, as a burst of bookings holding
    // their transactions does on a busy machine; a visitor's read arriving then is answered.
    // (A drizzle query runs when awaited: Promise.resolve starts each now.)
    const slow = Array.from({ length: 10 }, () => Promise.resolve(db.db.execute(sql`SELECT pg_sleep(3)`)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const res = await app.inject({ method: 'GET', url: '/api/blog?search=pool' });
    await Promise.all(slow);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('when the PostgreSQL server stops and comes back', () => {
  it(
    'answers 503 quickly while it is down, then recovers without a restart',
    { timeout: scaled(120_000) },
    async () => {
      const enquiry = {
        name: 'Sam Reed',
        email: 'sam@example.co.uk',
        subject: '',
        message: 'Hello',
        type: 'advertising',
      };
      // Math questions answered while the database is up, one per enquiry sent below.
      const challenges = await Promise.all(Array.from({ length: 20 }, () => answered(app, enquiry)));
      const send = () => app.inject({ method: 'POST', url: '/api/contact', payload: challenges.pop() });
      const before = await app.inject({ method: 'GET', url: '/api/advertising-services' });
      expect(before.statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);

      // Requests in flight while the server stops.
      const inFlight = Array.from({ length: 10 }, () => send());
      pg.stop('immediate');
      for (const res of await Promise.all(inFlight)) {
        expect([200, 503]).toContain(res.statusCode);
      }

      const down = await send();
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json().message).toMatch(/unavailable/i);
      expect(JSON.stringify(down.json())).not.toMatch(/ECONNREFUSED|stack|select /i);
      // A read that is not in memory fails just as fast.
      const read = await app.inject({ method: 'GET', url: '/api/blog' });
      expect(read.statusCode).toBe(503);

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
      expect((await send()).statusCode).toBe(200);
      const after = await app.inject({ method: 'GET', url: '/api/advertising-services' });
      expect(after.statusCode).toBe(200);
      expect(after.json()).toHaveLength(4);
    },
  );
});
