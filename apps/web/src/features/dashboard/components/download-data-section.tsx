import { useState } from 'react';
import { downloadAccountData } from '@/api/account/download-account-data';
import { toast } from '@/lib/toast';
import { dashboardCopy } from '../copy';

const copy = dashboardCopy.account.data;

/** 'Download my data': one JSON file of everything the shop keeps about the signed-in person. */
export function DownloadDataSection() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadAccountData(copy.fileName, copy.failed);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : copy.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="download-data-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="download-data-heading" className="text-xl font-bold">
          {copy.heading}
        </h2>
        <p className="text-base-content/80">{copy.intro}</p>
      </div>
      <button type="button" className="btn btn-outline self-start sm:min-w-44" disabled={busy} aria-busy={busy} onClick={() => void download()}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {copy.download}
      </button>
    </section>
  );
}
