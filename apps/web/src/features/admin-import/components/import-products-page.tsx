import { type ImportReport, spreadsheetText } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { stringify } from 'csv-stringify/browser/esm/sync';
import { useId, useState } from 'react';
import { downloadCatalogueFile } from '@/api/catalogue/export-catalogue';
import { type CatalogueFiles, importCatalogue } from '@/api/catalogue/import-catalogue';
import { invalidateCatalogue } from '@/api/products/invalidate-catalogue';
import { FormCard } from '@/components/ui/form-card';
import { saveFile } from '@/lib/download-file';
import { toast } from '@/lib/toast';
import { adminImportCopy as copy } from '../copy';

type Stage = { kind: 'idle' } | { kind: 'sending'; check: boolean; progress: number } | { kind: 'done'; check: boolean; report: ImportReport } | { kind: 'failed'; message: string };

/**
 * /dashbord/importProducts (SPEC-2 section 6): the products and fitment CSVs checked first,
 * every bad row listed with its line, then imported; and both files exported.
 */
export function ImportProductsPage() {
  const [files, setFiles] = useState<CatalogueFiles>({});
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const queryClient = useQueryClient();
  const productsId = useId();
  const fitmentId = useId();
  const serviceKitsId = useId();
  const checkFirstId = useId();
  const hasFiles = Boolean(files.products || files.fitment || files.serviceKits);
  const checkedClean = stage.kind === 'done' && stage.check && stage.report.errorCount === 0;
  // Why Import is off, beside it; not while the files are on their way, nor once they are in.
  const showCheckFirst = !checkedClean && stage.kind !== 'sending' && !(stage.kind === 'done' && stage.report.written);

  const chooseFile = (name: keyof CatalogueFiles, file: File | undefined) => {
    setFiles((current) => ({ ...current, [name]: file }));
    setStage({ kind: 'idle' });
  };

  const send = async (check: boolean) => {
    setStage({ kind: 'sending', check, progress: 0 });
    try {
      const report = await importCatalogue(files, { check, onProgress: (progress) => setStage({ kind: 'sending', check, progress }) });
      setStage({ kind: 'done', check, report });
      if (report.written) {
        toast.success(copy.imported);
        await invalidateCatalogue(queryClient);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : copy.importFailed;
      setStage({ kind: 'failed', message });
      if (!check) toast.error(copy.importFailed);
    }
  };

  const download = (name: 'products' | 'fitment' | 'service-kits') => void downloadCatalogueFile(name).catch((error: unknown) => toast.error(error instanceof Error ? error.message : copy.exportFailed));

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold">{copy.heading}</h1>
        <p className="text-base-content/80">{copy.intro}</p>
      </div>
      <FormCard>
        <form
          className="flex flex-col gap-4"
          aria-labelledby="import-heading"
          onSubmit={(event) => {
            event.preventDefault();
            void send(true);
          }}
        >
          <h2 id="import-heading" className="text-xl font-bold">
            {copy.importHeading}
          </h2>
          <FileChoice id={productsId} label={copy.products} hint={copy.productsHint} onChange={(file) => chooseFile('products', file)} />
          <FileChoice id={fitmentId} label={copy.fitment} hint={copy.fitmentHint} onChange={(file) => chooseFile('fitment', file)} />
          <FileChoice id={serviceKitsId} label={copy.serviceKits} hint={copy.serviceKitsHint} onChange={(file) => chooseFile('serviceKits', file)} />
          <p className="text-sm text-base-content/80">{copy.formatsNote}</p>
          <p className="text-sm text-base-content/80">{copy.imgNote}</p>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className="btn btn-outline" disabled={!hasFiles || stage.kind === 'sending'}>
              {copy.check}
            </button>
            <button type="button" className="btn btn-primary" disabled={!checkedClean} aria-describedby={showCheckFirst ? checkFirstId : undefined} onClick={() => void send(false)}>
              {copy.import}
            </button>
            {showCheckFirst && (
              <span id={checkFirstId} className="text-sm text-base-content/80">
                {copy.checkFirst}
              </span>
            )}
          </div>
          {!hasFiles && <p className="text-sm text-base-content/80">{copy.chooseFile}</p>}
          <Outcome stage={stage} />
        </form>
      </FormCard>
      <FormCard>
        <section aria-labelledby="export-heading" className="flex flex-col gap-3">
          <h2 id="export-heading" className="text-xl font-bold">
            {copy.exportHeading}
          </h2>
          <p className="text-base-content/80">{copy.exportIntro}</p>
          <div className="flex flex-wrap gap-3">
            <button type="button" className="btn btn-outline" onClick={() => download('products')}>
              {copy.exportProducts}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => download('fitment')}>
              {copy.exportFitment}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => download('service-kits')}>
              {copy.exportServiceKits}
            </button>
          </div>
        </section>
      </FormCard>
    </div>
  );
}

/** The rows to fix as a CSV file with the table's columns, a byte order mark for spreadsheets, formulas kept as text. */
function problemsFile(report: ImportReport): Blob {
  const { file, line, partNumber, reason } = copy.columns;
  const rows = report.errors.map((problem) => [copy.fileNames[problem.file], String(problem.line), problem.partNumber ?? '', problem.message].map(spreadsheetText));
  return new Blob([`\uFEFF${stringify([[file, line, partNumber, reason], ...rows], { record_delimiter: 'windows' })}`], { type: 'text/csv;charset=utf-8' });
}

function FileChoice({ id, label, hint, onChange }: { id: string; label: string; hint: string; onChange: (file: File | undefined) => void }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input id={id} type="file" accept=".csv,text/csv" className="file-input w-full" aria-describedby={`${id}-hint`} onChange={(event) => onChange(event.target.files?.[0])} />
      <span id={`${id}-hint`} className="text-sm wrap-anywhere text-base-content/80">
        {hint}
      </span>
    </div>
  );
}

function Outcome({ stage }: { stage: Stage }) {
  if (stage.kind === 'idle') return null;
  if (stage.kind === 'sending') {
    const label = stage.progress < 1 ? copy.sending : stage.check ? copy.checking : copy.importing;
    return (
      <div role="status" className="flex flex-col gap-1">
        <span>{label}</span>
        <progress className="progress progress-primary w-full" value={stage.progress < 1 ? Math.round(stage.progress * 100) : undefined} max={100} aria-label={label} />
      </div>
    );
  }
  if (stage.kind === 'failed') {
    return (
      <p role="alert" className="font-medium text-red-700">
        {stage.message}
      </p>
    );
  }
  const { report } = stage;
  return (
    <div role="status" className="flex flex-col gap-3">
      <p className="font-medium">{copy.summary(report)}</p>
      {report.errorCount === 0 ? (
        <p className={report.written ? 'font-semibold' : ''}>{report.written ? copy.imported : copy.checked}</p>
      ) : (
        <>
          <p className="font-semibold text-red-700">{copy.problems(report.errorCount)}</p>
          <div className="overflow-x-auto">
            <table className="table table-sm" aria-label={copy.problemsLabel}>
              <thead>
                <tr>
                  <th scope="col">{copy.columns.file}</th>
                  <th scope="col">{copy.columns.line}</th>
                  <th scope="col">{copy.columns.partNumber}</th>
                  <th scope="col">{copy.columns.reason}</th>
                </tr>
              </thead>
              <tbody>
                {report.errors.map((problem, index) => (
                  <tr key={index}>
                    <td>{copy.fileNames[problem.file]}</td>
                    <td className="tabular-nums">{problem.line}</td>
                    <td className="wrap-anywhere">{problem.partNumber}</td>
                    <td className="wrap-break-word">{problem.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {report.errorCount > report.errors.length && <p>{copy.more(report.errorCount - report.errors.length)}</p>}
          <button type="button" className="btn btn-outline btn-sm w-fit" onClick={() => saveFile(problemsFile(report), copy.problemsFileName)}>
            {copy.downloadProblems}
          </button>
        </>
      )}
    </div>
  );
}
