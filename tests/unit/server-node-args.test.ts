import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_ARGS, serverNodeArgs } from '../../scripts/server-node-args.mjs';

describe('how Node runs the built server', () => {
  it('the Docker image runs it with the same arguments as npm start', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(fs.readFileSync('Dockerfile', 'utf8'))?.[1];
    expect(JSON.parse(cmd!)).toEqual(['node', ...SERVER_NODE_ARGS, 'dist/server/main.js']);
  });

  it('the Docker image sets the same environment as npm start', () => {
    const env = /^ENV (.*)$/m.exec(fs.readFileSync('Dockerfile', 'utf8').split('FROM node')[2]!)?.[1] ?? '';
    for (const [key, value] of Object.entries(SERVER_ENV))
      expect(env.split(' ')).toContain(`${key}=${value}`);
  });

  it('caps the heap unless the operator sets a size in NODE_OPTIONS', () => {
    expect(serverNodeArgs({})).toContain('--max-old-space-size=96');
    const own = serverNodeArgs({ NODE_OPTIONS: '--max-old-space-size=512' });
    expect(own.some((a) => a.startsWith('--max-old-space-size'))).toBe(false);
    expect(own).toContain('--max-semi-space-size=4');
  });
});
