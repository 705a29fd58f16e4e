import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { buildTestApp, checkResponsesAgainstDocument } from '../helpers/app';

describe('logs', () => {
  it('never contain session tokens, cookies, upload signatures or e-mailed tokens', async () => {
    const t = await buildTestApp();
    const stream = new PassThrough();
    let output = '';
    stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const app = await createApp({ ...t.deps, config: { ...t.deps.config, LOG_LEVEL: 'info' } }, { logStream: stream });
    checkResponsesAgainstDocument(app);
    try {
      await app.inject({ method: 'GET', url: '/api/admin/user', headers: { authorization: 'Bearer sess.SECRET-BEARER', cookie: 'session=SECRET-COOKIE' } });
      await app.inject({ method: 'PUT', url: '/objects/uploads/abcdefghijklmnopqrstuvwxyz234567?expires=1&signature=SECRET-SIGNATURE', payload: 'x' });
      await app.inject({ method: 'GET', url: '/?newsletter=confirm&token=SECRET-TOKEN' });
      await app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'a@b.co', password: 'SECRET-PASSWORD' } });
      expect(output).toContain('incoming request');
      expect(output).toContain('[redacted]');
      expect(output).not.toMatch(/SECRET-/);
    } finally {
      await app.close();
      await t.close();
    }
  });
});
