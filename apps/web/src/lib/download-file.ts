import { getAccessToken } from './access-token';
import { API_BASE_URL, ApiError } from './api-client';

/**
 * GETs a file from the API with the signed-in account's token and has the browser save it under
 * `fileName` (a plain link would carry no token).
 */
export async function downloadFile(path: string, fileName: string, failed: string): Promise<void> {
  const token = getAccessToken();
  const response = await fetch(`${API_BASE_URL}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError({ status: response.status, code: `HTTP_${response.status}`, message: failed });
  saveFile(await response.blob(), fileName);
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
