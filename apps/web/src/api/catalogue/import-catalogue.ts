import type { ImportReport } from '@shop/shared';
import { postForm } from '@/lib/post-form';

export interface CatalogueFiles {
  products?: File | undefined;
  fitment?: File | undefined;
  serviceKits?: File | undefined;
}

const importFailure = (status: number): string => {
  if (status === 0) return 'The files could not be sent. Please check your connection and try again.';
  if (status === 401) return 'Your session has ended. Please sign in again.';
  if (status === 403) return 'Only an admin can import the catalogue.';
  if (status === 413) return 'Each file may be at most 50 MB.';
  return 'The files could not be imported. Please try again.';
};

/** A report, whether the files were checked, written, or refused row by row (422). */
const isReport = (status: number, body: unknown): body is ImportReport =>
  (status === 200 || status === 422) && typeof body === 'object' && body !== null && 'errorCount' in body && 'products' in body;

/**
 * POST /catalogue/import (admin): the products, fitment and service kits CSVs, checked only (`check`) or
 * imported, with upload progress. Answers the report; a file refused whole rejects with the
 * shop's message.
 */
export function importCatalogue(files: CatalogueFiles, { check, onProgress }: { check: boolean; onProgress?: (fraction: number) => void }): Promise<ImportReport> {
  const form = new FormData();
  if (files.products) form.append('products', files.products, files.products.name);
  if (files.fitment) form.append('fitment', files.fitment, files.fitment.name);
  if (files.serviceKits) form.append('serviceKits', files.serviceKits, files.serviceKits.name);
  return postForm(`/catalogue/import${check ? '?check=true' : ''}`, form, { onProgress, accept: isReport, failure: importFailure });
}
