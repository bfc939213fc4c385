import { getAccessToken } from './access-token';
import { API_BASE_URL, ApiError } from './api-client';

/** The file name the answer's Content-Disposition gives (`attachment; filename="INV-2026-00001.pdf"`), if any. */
const namedIn = (disposition: string | null): string | undefined => /filename="([^"]+)"/.exec(disposition ?? '')?.[1];

/**
 * GETs a file from the API with the signed-in account's token and has the browser save it under
 * the name the shop gives it, else `fileName` (a plain link would carry no token). A refusal
 * throws the shop's own message where it sent one, else `failed`.
 */
export async function downloadFile(path: string, fileName: string, failed: string): Promise<void> {
  const token = getAccessToken();
  const response = await fetch(`${API_BASE_URL}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { error?: { message?: unknown } } | null;
    const message = typeof answer?.error?.message === 'string' ? answer.error.message : failed;
    throw new ApiError({ status: response.status, code: `HTTP_${response.status}`, message });
  }
  saveFile(await response.blob(), namedIn(response.headers.get('content-disposition')) ?? fileName);
}

/** Has the browser save a file made on the page (a Blob) under `fileName`. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
