import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

// A real S3-protocol server for tests (s3rver: the S3 REST API over a folder, in this process), on
// a free port of 127.0.0.1 with one empty bucket. The app's own S3 storage talks to it through the
// real AWS SDK, exactly as it talks to AWS, R2, B2 or MinIO.

export interface S3Server {
  /** The settings that point the app at it (S3_BUCKET, S3_ENDPOINT, keys). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3Server(bucket = 'hlm-test'): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'eu-west-2',
      // s3rver's fixed pair; it checks the signature as S3 does.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
