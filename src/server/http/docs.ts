import type { OpenAPIObject } from 'trpc-to-openapi';

type PathItem = NonNullable<OpenAPIObject['paths']>[string];

// The plain Fastify routes, described by hand because no tRPC procedure stands behind them.
// Each feature that adds a plain route adds its description here.
export const plainRouteDocs: Record<string, PathItem> = {};
