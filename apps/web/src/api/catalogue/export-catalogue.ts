import { downloadFile } from '@/lib/download-file';

/** GET /catalogue/{products|fitment|service-kits}.csv (admin): the file, saved by the browser under its name. */
export const downloadCatalogueFile = (name: 'products' | 'fitment' | 'service-kits'): Promise<void> =>
  downloadFile(`/catalogue/${name}.csv`, `${name}.csv`, `The ${name.replace('-', ' ')} file could not be exported. Please try again.`);
