import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_ARGS } from '../../scripts/server-node-args.mjs';

describe('how Node runs the built server', () => {
  it('the Docker image runs it with the same arguments as npm start', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(fs.readFileSync('Dockerfile', 'utf8'))?.[1];
    expect(JSON.parse(cmd!)).toEqual(['node', ...SERVER_NODE_ARGS, 'dist/server/main.js']);
  });
});
