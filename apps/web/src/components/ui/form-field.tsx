import type { ReactElement } from 'react';

const CONTROL_CLASSES = {
  input: { base: 'input w-full', invalid: 'input-error' },
  textarea: { base: 'textarea w-full', invalid: 'textarea-error' },
  file: { base: 'file-input w-full', invalid: 'file-input-error' },
  select: { base: 'select w-full', invalid: 'select-error' },
} as const;

export interface FieldControlProps {
  id: string;
  className: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  id: string;
  kind?: keyof typeof CONTROL_CLASSES;
  label: string;
  hint?: string;
  error: string | undefined;
  /** Advice that does not stop the form (e.g. a stock that shows the part as out of stock); an error replaces it. */
  warning?: string | undefined;
  className?: string;
  /** Renders the control with the id, classes and descriptions that tie it to its label and message. */
  children: (props: FieldControlProps) => ReactElement;
}

/** A visible label, the control, and the field's message under it. */
export function FormField({ id, kind = 'input', label, hint, error, warning, className = '', children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const warningId = warning && !error ? `${id}-warning` : undefined;
  const describedBy = [hintId, errorId, warningId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <div className="flex items-baseline gap-2">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {hint && (
          <span id={hintId} className="text-sm text-base-content/80">
            {hint}
          </span>
        )}
      </div>
      {children({
        id,
        className: `${CONTROL_CLASSES[kind].base} ${error ? CONTROL_CLASSES[kind].invalid : ''}`,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy,
      })}
      {error && <FieldMessage id={errorId}>{error}</FieldMessage>}
      {warningId && (
        <p id={warningId} className="text-sm font-medium text-amber-800">
          {warning}
        </p>
      )}
    </div>
  );
}

/** A message in small red text, e.g. under a field or a refused sign-in. */
export function FieldMessage({ id, children, alert = false }: { id?: string | undefined; children: string; alert?: boolean }) {
  return (
    <p id={id} role={alert ? 'alert' : undefined} className="text-sm font-medium text-red-700">
      {children}
    </p>
  );
}
