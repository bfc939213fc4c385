import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { ServerForm } from '@/hooks/use-server-form';
import { FieldMessage } from './form-field';
import { SubmitButton } from './submit-button';

interface ServerFormViewProps<TInput extends FieldValues, TValues> {
  /** Names the form's heading, which labels the form. */
  id: string;
  form: Pick<ServerForm<TInput, TValues>, 'submit' | 'formError' | 'formState'>;
  heading: string;
  intro?: string;
  /** A page's own form has the page's h1; a form within a page an h2. */
  level?: 'h1' | 'h2';
  submitLabel: string;
  children: ReactNode;
}

/** A form of the shop's pages: its heading, its fields, the shop's reason when it refused, its button. */
export function ServerFormView<TInput extends FieldValues, TValues>({
  id,
  form,
  heading,
  intro,
  level = 'h1',
  submitLabel,
  children,
}: ServerFormViewProps<TInput, TValues>) {
  const Heading = level;
  const headingId = `${id}-heading`;
  return (
    <form noValidate onSubmit={form.submit} aria-labelledby={headingId} className={`flex flex-col ${level === 'h1' ? 'gap-5' : 'gap-4'}`}>
      <div className="flex flex-col gap-1">
        <Heading id={headingId} className={level === 'h1' ? 'text-3xl font-bold' : 'text-xl font-bold'}>
          {heading}
        </Heading>
        {intro && <p className="text-base-content/80">{intro}</p>}
      </div>
      {children}
      {form.formError && <FieldMessage alert>{form.formError}</FieldMessage>}
      <SubmitButton busy={form.formState.isSubmitting}>{submitLabel}</SubmitButton>
    </form>
  );
}
