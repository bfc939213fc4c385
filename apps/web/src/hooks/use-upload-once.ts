import { useCallback, useRef } from 'react';
import { useImageUpload, type ImageUpload } from './use-image-upload';

export interface UploadOnce extends Omit<ImageUpload, 'upload'> {
  /**
   * The stored path of this file, uploading it only if it has not been uploaded yet; null when
   * the upload failed (its reason is then in `error`, shown under the image field).
   */
  uploadOnce: (file: File) => Promise<string | null>;
}

/**
 * Upload state for a form whose save can fail after its photo was stored (e.g. a field the shop
 * refuses): sending the form again reuses the stored photo instead of storing another copy.
 */
export function useUploadOnce(): UploadOnce {
  const { upload, progress, error, clearError } = useImageUpload();
  const last = useRef<{ file: File; url: string } | null>(null);

  const uploadOnce = useCallback(
    async (file: File) => {
      if (last.current?.file === file) return last.current.url;
      try {
        const { url } = await upload(file);
        last.current = { file, url };
        return url;
      } catch {
        return null;
      }
    },
    [upload],
  );

  return { uploadOnce, progress, error, clearError };
}
