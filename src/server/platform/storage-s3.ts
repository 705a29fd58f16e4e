import type { Readable } from 'node:stream';
import type { Config } from '../config';
import {
  checkObjectKey,
  RangeNotSatisfiable,
  resolveRange,
  type ByteRange,
  type ObjectInfo,
  type ObjectStorage,
} from './storage';

// Objects in an S3-compatible bucket. The AWS SDK is imported here, when S3_BUCKET is set, and not
// at the top of the module: the server is one bundle, so a static import would load it on the
// embedded default too. A PutObject is atomic: readers see the whole object or none.

type S3Settings = Pick<
  Config,
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_PREFIX'
  | 's3ForcePathStyle'
>;

export async function createS3Storage(settings: S3Settings): Promise<ObjectStorage> {
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    HeadBucketCommand,
    HeadObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
    S3ServiceException,
  } = await import('@aws-sdk/client-s3');
  const statusOf = (error: unknown) =>
    error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
  const bucket = settings.S3_BUCKET!;
  const prefix = settings.S3_PREFIX;
  const client = new S3Client({
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    forcePathStyle: settings.s3ForcePathStyle,
    credentials:
      settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY }
        : undefined,
    // The SDK's default CRC checksums on every request are not understood by every S3-compatible
    // service (R2, B2 and older MinIO refuse or ignore them): only where the API requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A storage that does not answer must fail a request, not hold it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const keyOf = (key: string) => `${prefix}${checkObjectKey(key)}`;

  const storage: ObjectStorage = {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: keyOf(key),
          Body: Buffer.isBuffer(body) ? body : body.stream,
          ContentLength: Buffer.isBuffer(body) ? body.length : body.size,
          ContentType: contentType,
        }),
      );
    },
    async get(key, asked?: ByteRange) {
      let range = asked;
      if (range && 'suffix' in range) {
        // Not every S3-compatible service answers `bytes=-n` (s3rver does not): ask by position.
        const info = await storage.head(key);
        if (!info) return null;
        range = resolveRange(range, info.size);
      }
      const header = range && `bytes=${range.start}-${range.end ?? ''}`;
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: keyOf(key), Range: header }),
        );
        const body = res.Body as Readable;
        // 'bytes 6-10/27' when a range was served; the whole object otherwise.
        const served = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.ContentRange ?? '');
        if (served)
          return { body, start: Number(served[1]), end: Number(served[2]), size: Number(served[3]) };
        const size = res.ContentLength ?? 0;
        return { body, size, start: 0, end: Math.max(0, size - 1) };
      } catch (error) {
        if (statusOf(error) === 404) return null;
        if (statusOf(error) === 416) {
          const info = await storage.head(key);
          if (!info) return null;
          throw new RangeNotSatisfiable(info.size);
        }
        throw error;
      }
    },
    async head(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        return { key, size: res.ContentLength ?? 0 };
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
    },
    list(within = '') {
      return (async function* (): AsyncGenerator<ObjectInfo> {
        let token: string | undefined;
        do {
          const page = await client.send(
            new ListObjectsV2Command({
              Bucket: bucket,
              Prefix: `${prefix}${within}`,
              ContinuationToken: token,
            }),
          );
          for (const object of page.Contents ?? []) {
            if (object.Key) yield { key: object.Key.slice(prefix.length), size: object.Size ?? 0 };
          }
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
      })();
    },
    async ping() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }), {
          abortSignal: AbortSignal.timeout(3_000),
        });
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      client.destroy();
    },
  };
  return storage;
}
