import { z } from 'zod';
import { publicProcedure, router } from './init';

export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  uptimeSeconds: z.number(),
});

export const systemRouter = router({
  health: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/health',
        tags: ['System'],
        summary: 'Whether the service and its database answer (503 when the database does not)',
      },
      outputStatuses: { 503: 'The database does not answer: the same report, with status unavailable' },
    })
    .input(z.void())
    .output(healthSchema)
    .query(async ({ ctx }) => {
      const up = await ctx.deps.database.ping();
      // The HTTP status follows the body: 503 when the database is down (systemResponseMeta below).
      return {
        status: up ? 'ok' : 'unavailable',
        database: up ? 'up' : 'down',
        uptimeSeconds: Math.round(process.uptime()),
      } as const;
    }),
});

/** What the REST adapter answers besides the body: GET /api/health is 503 when its report says the database is down. */
export function systemResponseMeta({ paths, data }: { paths?: string[]; data: unknown[] }): {
  status?: number;
  headers?: Record<string, string>;
} {
  if (paths?.[0] !== 'system.health') return {};
  const health = data[0] as { database?: string } | undefined;
  return { status: health?.database === 'down' ? 503 : 200, headers: { 'Cache-Control': 'no-store' } };
}
