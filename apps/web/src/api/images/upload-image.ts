import type { ImageUploadAnswer } from '@shop/shared';
import { getAccessToken } from '@/lib/access-token';
import { API_BASE_URL, ApiError, isErrorEnvelope } from '@/lib/api-client';

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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isUploadAnswer = (value: unknown): value is ImageUploadAnswer => {
  const data = (value as { data?: { url?: unknown } } | null)?.data;
  return (value as { success?: unknown } | null)?.success === true && typeof data?.url === 'string';
};

/**
 * POST /images (multipart field `image`) with upload progress, which fetch cannot report.
 * Resolves with the stored image; rejects with an ApiError carrying the shop's message.
 */
export function uploadImage(file: Blob, { onProgress, signal }: UploadImageOptions = {}): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE_URL}/images`);
    request.setRequestHeader('Accept', 'application/json');
    const token = getAccessToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);

    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300 && isUploadAnswer(body)) {
        onProgress?.(1);
        resolve(body.data);
        return;
      }
      if (isErrorEnvelope(body)) {
        reject(
          new ApiError({
            status: request.status,
            code: body.error.code,
            message: body.error.message,
            fieldErrors: body.error.fieldErrors,
            requestId: body.requestId,
          }),
        );
        return;
      }
      reject(new ApiError({ status: request.status, code: `HTTP_${request.status}`, message: uploadFailure(request.status) }));
    };
    request.onerror = () => reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: uploadFailure(0) }));
    request.onabort = () => reject(signal?.reason ?? new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });

    const form = new FormData();
    form.append('image', file, file instanceof File ? file.name : 'image');
    request.send(form);
  });
}
