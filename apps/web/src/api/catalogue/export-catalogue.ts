import { getAccessToken } from '@/lib/access-token';
import { API_BASE_URL, ApiError } from '@/lib/api-client';

/** GET /catalogue/{products|fitment}.csv (admin): the file, saved by the browser under its name. */
export async function downloadCatalogueFile(name: 'products' | 'fitment'): Promise<void> {
  const token = getAccessToken();
  const response = await fetch(`${API_BASE_URL}/catalogue/${name}.csv`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError({ status: response.status, code: `HTTP_${response.status}`, message: `The ${name} file could not be exported. Please try again.` });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
