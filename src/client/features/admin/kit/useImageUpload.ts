import { useState } from 'react';
import { toast } from '../../../components/ui/toast-store';
import { trpc } from '../../../lib/trpc';
import { checkImageFile, putToUploadUrl } from './upload';

export type ImageUploader = ReturnType<typeof useImageUpload>;

/** Uploads one image with the toasts of SPEC section 8; resolves with its address or null. */
export function useImageUpload() {
  const createUrl = trpc.uploads.createUploadUrl.useMutation();
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File): Promise<string | null> => {
    const refused = checkImageFile(file);
    if (refused) {
      toast({ ...refused, variant: 'destructive' });
      return null;
    }
    setUploading(true);
    try {
      const { uploadURL } = await createUrl.mutateAsync();
      const path = await putToUploadUrl(file, uploadURL);
      toast({ title: 'Image uploaded successfully' });
      return path;
    } catch {
      toast({
        title: 'Upload failed',
        description: 'Failed to upload image. Please try again.',
        variant: 'destructive',
      });
      return null;
    } finally {
      setUploading(false);
    }
  };
  return { upload, uploading };
}
