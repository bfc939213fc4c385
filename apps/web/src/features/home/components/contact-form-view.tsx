import type { ContactMessageInput } from '@shop/shared';
import type { FormEventHandler, PointerEventHandler, FocusEventHandler, Ref } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { homeCopy } from '../copy';
import { CONTACT_FIRST_FIELD_ID } from '../section-ids';

const copy = homeCopy.contact;

export type ContactField = keyof ContactMessageInput;

const CONTACT_FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const satisfies readonly ContactField[];

/** What each control takes from whoever handles the form: its name, and react-hook-form's handlers once it has loaded. */
export type ContactFieldProps = Pick<UseFormRegisterReturn<ContactField>, 'name'> &
  Partial<Omit<UseFormRegisterReturn<ContactField>, 'name'>>;

interface ContactFormViewProps {
  field: (name: ContactField) => ContactFieldProps;
  error?: (name: ContactField) => string | undefined;
  isSubmitting?: boolean;
  formRef?: Ref<HTMLFormElement>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onFocus?: FocusEventHandler<HTMLFormElement>;
  onPointerDown?: PointerEventHandler<HTMLFormElement>;
}

const noError = () => undefined;

/** The contact form's fields and Send button, the same whether or not its validation has loaded. */
export function ContactFormView({ field, error = noError, isSubmitting = false, formRef, ...handlers }: ContactFormViewProps) {
  return (
    <form ref={formRef} noValidate className="grid grid-cols-1 gap-5 md:grid-cols-2" {...handlers}>
      <FormField id={CONTACT_FIRST_FIELD_ID} label={copy.name} error={error('name')}>
        {(props) => <input type="text" autoComplete="name" {...props} {...field('name')} />}
      </FormField>
      <FormField id="contact-email" label={copy.email} error={error('email')}>
        {(props) => <input type="email" autoComplete="email" inputMode="email" {...props} {...field('email')} />}
      </FormField>
      <FormField id="contact-phone" label={copy.phone} hint={copy.phoneHint} error={error('phone')}>
        {(props) => <input type="tel" autoComplete="tel" {...props} {...field('phone')} />}
      </FormField>
      <FormField id="contact-subject" label={copy.subject} error={error('subject')}>
        {(props) => <input type="text" {...props} {...field('subject')} />}
      </FormField>
      <FormField id="contact-message" kind="textarea" label={copy.message} error={error('message')} className="md:col-span-2">
        {(props) => <textarea rows={5} {...props} {...field('message')} />}
      </FormField>
      <div className="md:col-span-2">
        <button type="submit" className="btn btn-primary w-full sm:w-auto sm:min-w-40" disabled={isSubmitting}>
          {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {copy.send}
        </button>
      </div>
    </form>
  );
}

/** What the visitor had done in the form before its validation arrived, carried over to the working form. */
export interface ContactFormHandoff {
  values: Partial<Record<ContactField, string>>;
  /** Position in `form.elements` of the control that had the focus, and its text selection. */
  focus: { index: number; selection: [number, number] | null } | null;
  /** The visitor pressed Send (or Enter) meanwhile. */
  submit: boolean;
}

export function readContactFormHandoff(form: HTMLFormElement | null, submit: boolean): ContactFormHandoff {
  const values: ContactFormHandoff['values'] = {};
  let focus: ContactFormHandoff['focus'] = null;
  if (form) {
    for (const name of CONTACT_FIELDS) {
      const control = form.elements.namedItem(name);
      if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) values[name] = control.value;
    }
    const active = document.activeElement;
    const index = Array.prototype.indexOf.call(form.elements, active);
    if (index >= 0) {
      const isText = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement;
      const start = isText ? active.selectionStart : null;
      const end = isText ? active.selectionEnd : null;
      focus = { index, selection: start !== null && end !== null ? [start, end] : null };
    }
  }
  return { values, focus, submit };
}

/** Puts the focus and the text selection back where they were in the form shown before. */
export function restoreContactFormFocus(form: HTMLFormElement, focus: ContactFormHandoff['focus']): void {
  if (!focus) return;
  const control = form.elements[focus.index];
  if (!(control instanceof HTMLElement)) return;
  control.focus();
  if (focus.selection && (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)) {
    control.setSelectionRange(...focus.selection);
  }
}
