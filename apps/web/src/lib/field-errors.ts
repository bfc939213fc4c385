import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError, type FieldErrors } from './api-client';

/**
 * Puts the shop's field messages (a 422's fieldErrors) under the form's own fields. `fields` maps
 * the API's field names to the form's, e.g. the uploaded `img` to the file input `image`.
 * Answers whether any message found its field; the first such field gets the focus.
 */
export function applyFieldErrors<T extends FieldValues>(
  fieldErrors: FieldErrors | undefined,
  setError: UseFormSetError<T>,
  fields: Readonly<Record<string, Path<T>>>,
  /** Lists whose rows the form holds under the API's own names (`fitment.vehicles.2.model`). */
  lists: readonly string[] = [],
): boolean {
  if (!fieldErrors) return false;
  let placed = false;
  const place = (formField: Path<T>, message: string) => {
    setError(formField, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  };
  for (const [apiField, formField] of Object.entries(fields)) {
    const message = fieldErrors[apiField]?.[0];
    if (message) place(formField, message);
  }
  for (const [apiField, messages] of Object.entries(fieldErrors)) {
    if (messages[0] && lists.some((list) => apiField.startsWith(`${list}.`))) place(apiField as Path<T>, messages[0]);
  }
  return placed;
}

/**
 * What a form's page answers when the form is sent: saved, or not, with the shop's messages for
 * the fields and, when no field explains it, for the form as a whole.
 */
export type SubmitOutcome = { saved: true } | { saved: false; fieldErrors?: FieldErrors | undefined; message?: string | undefined };

/** The outcome of a save the shop refused: its field messages, or its reason when none applies. */
export const refusedOutcome = (error: unknown, fallbackMessage: string): SubmitOutcome =>
  isApiError(error)
    ? { saved: false, fieldErrors: error.fieldErrors, message: error.message }
    : { saved: false, message: fallbackMessage };
