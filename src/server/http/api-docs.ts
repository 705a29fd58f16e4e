import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIObject } from 'trpc-to-openapi';
import { sendApiError } from './api-errors';

/** GET /api/openapi.json, the document, and /api/docs, the same as a browsable reference page. */
export function registerApiDocs(app: FastifyInstance, document: OpenAPIObject): void {
  const json = JSON.stringify(document);
  app.get('/api/openapi.json', async (_req, reply) => {
    return reply.type('application/json').header('Cache-Control', 'no-cache').send(json);
  });

  // The folder only: requiring the package would load its whole 1.5 MB bundle into the server.
  const assets = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const page = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference - Herts Local Media</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>`;
  const init = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;
  app.get('/api/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(page));
  app.get('/api/docs/init.js', async (_req, reply) => reply.type('text/javascript').send(init));
  app.get<{ Params: { file: string } }>('/api/docs/assets/:file', async (req, reply) => {
    const allowed = new Set(['swagger-ui.css', 'swagger-ui-bundle.js']);
    if (!allowed.has(req.params.file)) return sendApiError(reply, 404, 'Not found');
    const type = req.params.file.endsWith('.css') ? 'text/css' : 'text/javascript';
    return reply
      .type(type)
      .header('Cache-Control', 'public, max-age=86400')
      .send(fs.createReadStream(path.join(assets, req.params.file)));
  });
}
