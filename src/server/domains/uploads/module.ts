import type { DomainModule } from '../../domain-module';
import { uploadsRouter } from './router';
import { uploadRoutes } from './routes/uploads';
import { uploadDocs } from './routes/uploads.docs';

/** What the uploads domain registers: asking for an upload link, and the files' own routes. */
export const uploadsModule = {
  namespaces: { uploads: uploadsRouter },
  routes: (deps) => [uploadRoutes(deps)],
  routeDocs: uploadDocs,
} satisfies DomainModule;
