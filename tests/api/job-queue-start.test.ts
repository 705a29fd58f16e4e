import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/platform/db/client';
import { openJobQueue, type JobDefinition } from '../../src/server/platform/jobs/queue';
import { openTestDatabase } from '../helpers/app';
import { scaled } from '../helpers/timeouts';

// Replicas of one deployment start together on one fresh database: each installs pg-boss's schema
// and creates the same queues. pg-boss 10's create_queue takes no lock, and two at once deadlocked
// ('deadlock detected', one instance failing to start) in most tries before the set-up was run
// `serially`. On PGlite there is one process, and the test checks the same calls there.

const definitions: JobDefinition<never>[] = ['mail', 'feed', 'prune', 'notice'].map((queue) => ({
  queue: `start-${queue}`,
  policy: 'standard',
  retryLimit: 1,
  run: async () => {},
}));

describe('the job queue opened by two instances at once', () => {
  it(
    'starts on both, three times on a fresh database, with each queue made once',
    async () => {
      for (let round = 0; round < 3; round += 1) {
        const first = await openTestDatabase();
        // A second handle of its own (its own pool) on the same database, as another process has.
        const second = first.url ? await openDatabase({ databaseUrl: first.url }) : first.handle;
        try {
          const queues = await Promise.all([
            openJobQueue(first.handle, definitions),
            openJobQueue(second, definitions),
          ]);
          const { rows } = await first.handle.executeSql(
            "SELECT name FROM pgboss.queue WHERE name LIKE 'start-%' ORDER BY name",
            [],
          );
          expect(rows.map((r) => r.name)).toEqual(definitions.map((d) => d.queue).sort());
          await Promise.all(queues.map((q) => q.stop()));
        } finally {
          if (second !== first.handle) await second.close();
          await first.handle.close();
          await first.drop();
        }
      }
    },
    scaled(120_000),
  );
});
