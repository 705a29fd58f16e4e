import { useState } from 'react';
import { toast } from '../ui/toast-store';
import { serverMessage } from '../../lib/api';
import { trpc } from '../../lib/trpc';
import { checkAudioFile, checkImageFile, putToUploadUrl, type Refusal } from './upload';

export type UploadKind = 'image' | 'audio';

/** What differs between the kinds: the check before sending, the link asked for, and the toasts. */
const KINDS: Record<
  UploadKind,
  {
    check: (file: File) => Refusal | null;
    link: { kind: 'audio' } | undefined;
    uploaded: string;
    failed: (error: unknown) => string;
  }
> = {
  image: {
    check: checkImageFile,
    link: undefined,
    uploaded: 'Image uploaded successfully',
    failed: () => 'Failed to upload image. Please try again.',
  },
  audio: {
    check: checkAudioFile,
    // The server says why it refused an audio file (not audio, too long), so its words are shown.
    link: { kind: 'audio' },
    uploaded: 'Audio uploaded successfully',
    failed: (error) => serverMessage(error) ?? 'Failed to upload the audio file. Please try again.',
  },
};

export type Uploader = ReturnType<typeof useUpload>;

/**
 * Uploads one file of the kind through a signed upload link, with the admin's toasts; resolves
 * with the file's address on this site, or null when it was refused or failed.
 */
export function useUpload(kind: UploadKind) {
  const createUrl = trpc.uploads.createUploadUrl.useMutation();
  const [uploading, setUploading] = useState(false);
  const { check, link, uploaded, failed } = KINDS[kind];
  const upload = async (file: File): Promise<string | null> => {
    const refused = check(file);
    if (refused) {
      toast({ ...refused, variant: 'destructive' });
      return null;
    }
    setUploading(true);
    try {
      const { uploadURL } = await createUrl.mutateAsync(link);
      const path = await putToUploadUrl(file, uploadURL);
      toast({ title: uploaded });
      return path;
    } catch (error) {
      toast({ title: 'Upload failed', description: failed(error), variant: 'destructive' });
      return null;
    } finally {
      setUploading(false);
    }
  };
  return { upload, uploading };
}
