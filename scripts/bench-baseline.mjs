// The bench's baseline: a bare Fastify server answering each benchmarked path with the bytes the
// real server gave, straight from memory. Usage: node scripts/bench-baseline.mjs fixtures.json port
import fs from 'node:fs';
import Fastify from 'fastify';

const [file, port] = process.argv.slice(2);
const fixtures = JSON.parse(fs.readFileSync(file, 'utf8'));
const app = Fastify({ logger: false });
app.get('/ready', async () => 'ok');
for (const f of fixtures) {
  // Two endpoints on one path (with and without a header) share the first one's answer.
  if (app.hasRoute({ method: f.method, url: f.path })) continue;
  const body = Buffer.from(f.body, 'base64');
  app.route({
    method: f.method,
    url: f.path,
    handler: async (_req, reply) => reply.code(f.status).type(f.contentType).send(body),
  });
}
await app.listen({ host: '127.0.0.1', port: Number(port) });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
