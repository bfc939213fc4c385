import { useState } from 'react';
import { FieldMessage } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-client';
import { authCopy } from '../copy';

const copy = authCopy.google;

export type GoogleAvailability = 'checking' | 'available' | 'unavailable';

interface GoogleSignInButtonProps {
  availability: GoogleAvailability;
  /** Leaves for Google's sign-in page; rejects when it could not be started. */
  onStart: () => Promise<void>;
  /** A message to show under the button, e.g. after Google sent the visitor back without signing in. */
  message?: string | null;
}

/** The continue-with-Google button; says so plainly when this shop has no Google sign-in. */
export function GoogleSignInButton({ availability, onStart, message = null }: GoogleSignInButtonProps) {
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const unavailable = availability === 'unavailable';

  const start = async () => {
    setStartError(null);
    setStarting(true);
    try {
      await onStart();
      // The page is being replaced by Google's; keep the button busy until it is.
    } catch (error) {
      setStarting(false);
      setStartError(isApiError(error) && error.status === 429 ? error.message : copy.startFailed);
    }
  };

  const shown = unavailable ? copy.notConfigured : (startError ?? message);
  return (
    <div className="flex flex-col gap-2">
      <div className="divider text-sm">{copy.or}</div>
      <button
        type="button"
        className="btn btn-outline w-full"
        onClick={() => void start()}
        disabled={unavailable || availability === 'checking' || starting}
        aria-describedby={shown ? 'google-sign-in-message' : undefined}
      >
        {starting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <GoogleLogo />}
        {copy.continue}
      </button>
      {/* That this shop has no Google sign-in is a note, not an error: nothing went wrong yet. */}
      {unavailable ? (
        <p id="google-sign-in-message" className="text-sm text-base-content/80">
          {shown}
        </p>
      ) : (
        shown && (
          <div id="google-sign-in-message" role="alert">
            <FieldMessage>{shown}</FieldMessage>
          </div>
        )
      )}
    </div>
  );
}

function GoogleLogo() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" focusable="false">
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.5 5.5 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.2 3.5-8.7z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z" />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9z" />
    </svg>
  );
}
