interface PageLoaderProps {
  /** What is loading, for assistive technology (and on screen with showLabel). */
  label: string;
  showLabel?: boolean;
}

/** A centred spinner in place of a page or panel whose data is on its way. */
export function PageLoader({ label, showLabel = false }: PageLoaderProps) {
  return (
    <div role="status" className="flex min-h-64 flex-col items-center justify-center gap-3 p-8">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className={showLabel ? 'text-base-content/80' : 'sr-only'}>{label}</span>
    </div>
  );
}
