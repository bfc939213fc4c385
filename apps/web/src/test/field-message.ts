import { screen } from '@testing-library/react';

/**
 * The message shown for the field with this label: the error its aria-describedby points at,
 * which FormField renders right under it. Null when the field has none.
 */
export function messageFor(label: string | RegExp): string | null {
  const field = screen.getByLabelText(label);
  const errorId = field
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((id) => id.endsWith('-error'));
  return errorId ? (document.getElementById(errorId)?.textContent ?? null) : null;
}
