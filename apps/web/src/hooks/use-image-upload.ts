import { useCallback, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { uploadImage, type UploadedImage } from '@/api/images/upload-image';

export interface ImageUpload {
  /** Uploads the file; rejects (after recording the message) when the shop refuses it. */
  upload: (file: Blob) => Promise<UploadedImage>;
  /** Share sent so far, 0 to 1, while an upload runs; otherwise null. */
  progress: number | null;
  /** Why the last upload failed, in words for the customer. */
  error: string | null;
  clearError: () => void;
}

const FALLBACK_ERROR = 'The image could not be uploaded. Please try again.';

/** Upload state for a form with an image: progress while sending, the reason when it failed. */
export function useImageUpload(): ImageUpload {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  const upload = useCallback(async (file: Blob) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setError(null);
    setProgress(0);
    try {
      return await uploadImage(file, { onProgress: setProgress, signal: current.signal });
    } catch (cause) {
      if (!current.signal.aborted) setError(isApiError(cause) ? cause.message : FALLBACK_ERROR);
      throw cause;
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setProgress(null);
      }
    }
  }, []);

  const clearError = useCallback(() => setError(null), []);
  return { upload, progress, error, clearError };
}
