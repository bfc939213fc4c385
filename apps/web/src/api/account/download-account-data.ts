import { downloadFile } from '@/lib/download-file';

/** GET /account/export: everything the shop keeps about the signed-in person, saved as the JSON file the shop names. */
export function downloadAccountData(fileName: string, failed: string): Promise<void> {
  return downloadFile('/account/export', fileName, failed);
}
