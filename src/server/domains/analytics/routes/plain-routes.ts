import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../deps';
import type { PathItem } from '../../../web/http/docs-parts';
import { beaconRoute } from './beacon';
import { beaconDocs } from './beacon.docs';
import { downloadRoutes } from './downloads';
import { downloadDocs } from './downloads.docs';

/** The analytics domain's plain routes: the page-view beacon, and the owner's downloads. */
export function analyticsRoutes(deps: AppDeps) {
  return async function analytics(app: FastifyInstance): Promise<void> {
    await app.register(beaconRoute(deps));
    await app.register(downloadRoutes(deps));
  };
}

/** Their part of openapi/openapi.json. */
export const analyticsRouteDocs: Record<string, PathItem> = { ...beaconDocs, ...downloadDocs };
