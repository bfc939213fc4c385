import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api-client';
import { authCopy } from './copy';

/**
 * Puts the server's field messages (422) under their fields and answers the message to show
 * for the form as a whole, if any: the server's own words (e.g. 'Invalid email or password',
 * a rate limit), which never say more than it chose to.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ReadonlyArray<Path<T>>,
): string | null {
  if (!isApiError(error)) return authCopy.failed;
  if (error.status === 422 && error.fieldErrors) {
    let placed = false;
    for (const field of fields) {
      const message = error.fieldErrors[field]?.[0];
      if (!message) continue;
      setError(field, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    }
    if (placed) return null;
  }
  return error.message;
}
