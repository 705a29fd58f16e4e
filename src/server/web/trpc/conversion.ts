import type { AppDeps } from '../../deps';
import type { Context } from './context';

/**
 * Counts a submission as a conversion for the owner's analytics, credited to what the same visitor
 * (address and browser under the day's salt, no cookie) viewed today. Never fails the request.
 */
export async function countConversion(
  ctx: Context,
  kind: Parameters<AppDeps['analytics']['conversion']>[1],
): Promise<void> {
  try {
    await ctx.deps.analytics.conversion(
      { ip: ctx.ip, hostname: ctx.req.hostname, headers: ctx.req.headers },
      kind,
    );
  } catch (error) {
    ctx.req.log.warn({ err: error }, 'conversion not counted');
  }
}
