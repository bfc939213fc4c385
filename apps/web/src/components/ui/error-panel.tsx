interface ErrorPanelProps {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  isRetrying?: boolean;
}

/** A failed load: says what failed and offers to try again. */
export function ErrorPanel({ message, retryLabel, onRetry, isRetrying = false }: ErrorPanelProps) {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 rounded-box border border-base-300 bg-base-200 p-8 text-center">
      <p className="font-medium">{message}</p>
      <button type="button" className="btn btn-primary" onClick={onRetry} disabled={isRetrying}>
        {isRetrying && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {retryLabel}
      </button>
    </div>
  );
}
