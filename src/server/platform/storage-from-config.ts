import type { Config } from '../config';
import type { ObjectStorage } from './storage';
import { createLocalStorage } from './storage-local';

/**
 * The storage the configuration asks for: the S3 bucket when S3_BUCKET is set (its SDK loaded only
 * then), DATA_DIR/uploads otherwise.
 */
export async function openStorage(config: Config): Promise<ObjectStorage> {
  if (config.storageKind === 'local') return createLocalStorage(config.uploadsDir);
  const { createS3Storage } = await import('./storage-s3');
  return createS3Storage(config);
}
