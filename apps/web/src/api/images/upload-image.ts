import type { ImageUploadAnswer } from '@shop/shared';
import { postForm } from '@/lib/post-form';

export type UploadedImage = ImageUploadAnswer['data'];

export interface UploadImageOptions {
  /** Called with the share of the file sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

const uploadFailure = (status: number): string => {
  if (status === 0) return 'The image could not be sent. Please check your connection and try again.';
  if (status === 401) return 'Your session has ended. Please sign in again.';
  if (status === 413) return 'The image is too large. Please choose a smaller one.';
  if (status === 415) return 'Please choose a JPEG, PNG, WebP, GIF or AVIF image.';
  if (status === 429) return 'Too many uploads in a short time. Please wait a moment and try again.';
  return 'The image could not be uploaded. Please try again.';
};

const isUploadAnswer = (status: number, value: unknown): value is ImageUploadAnswer => {
  const data = (value as { data?: { url?: unknown } } | null)?.data;
  return status >= 200 && status < 300 && (value as { success?: unknown } | null)?.success === true && typeof data?.url === 'string';
};

/**
 * POST /images (multipart field `image`) with upload progress.
 * Resolves with the stored image; rejects with an ApiError carrying the shop's message.
 */
export async function uploadImage(file: Blob, { onProgress, signal }: UploadImageOptions = {}): Promise<UploadedImage> {
  const form = new FormData();
  form.append('image', file, file instanceof File ? file.name : 'image');
  const answer = await postForm('/images', form, { onProgress, signal, accept: isUploadAnswer, failure: uploadFailure });
  return answer.data;
}
