import { getAccessToken } from './access-token';
import { API_BASE_URL, ApiError, isErrorEnvelope } from './api-client';

export interface PostFormOptions<T> {
  /** Called with the share of the body sent so far, 0 to 1. */
  onProgress?: ((fraction: number) => void) | undefined;
  signal?: AbortSignal | undefined;
  /** Whether an answer is the one hoped for, with the statuses that carry it. */
  accept: (status: number, body: unknown) => body is T;
  /** What to tell the person when the shop's answer says nothing itself (0: no connection). */
  failure: (status: number) => string;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * POSTs a multipart form with upload progress, which fetch cannot report. Resolves with the
 * answer `accept` takes; rejects with an ApiError carrying the shop's message.
 */
export function postForm<T>(path: string, form: FormData, { onProgress, signal, accept, failure }: PostFormOptions<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE_URL}${path}`);
    request.setRequestHeader('Accept', 'application/json');
    const token = getAccessToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);

    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parseJson(request.responseText);
      if (accept(request.status, body)) {
        onProgress?.(1);
        resolve(body);
        return;
      }
      if (isErrorEnvelope(body)) {
        reject(new ApiError({ status: request.status, code: body.error.code, message: body.error.message, fieldErrors: body.error.fieldErrors, requestId: body.requestId }));
        return;
      }
      reject(new ApiError({ status: request.status, code: `HTTP_${request.status}`, message: failure(request.status) }));
    };
    request.onerror = () => reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: failure(0) }));
    request.onabort = () => reject(signal?.reason ?? new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
