import { downloadFile } from '@/lib/download-file';

/** GET /catalogue/{products|fitment}.csv (admin): the file, saved by the browser under its name. */
export const downloadCatalogueFile = (name: 'products' | 'fitment'): Promise<void> =>
  downloadFile(`/catalogue/${name}.csv`, `${name}.csv`, `The ${name} file could not be exported. Please try again.`);
