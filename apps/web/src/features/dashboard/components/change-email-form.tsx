import { zodResolver } from '@hookform/resolvers/zod';
import { changeEmailSchema } from '@shop/shared';
import { useState } from 'react';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { ServerFormView } from '@/components/ui/server-form-view';
import type { SubmitOutcome } from '@/lib/field-errors';
import { useServerForm } from '@/hooks/use-server-form';
import { dashboardCopy } from '../copy';

const copy = dashboardCopy.account.email;
type ChangeEmailFormInput = z.input<typeof changeEmailSchema>;
export type ChangeEmailFormValues = z.output<typeof changeEmailSchema>;

/** Sent: what the shop says happens next. */
export type ChangeEmailOutcome = SubmitOutcome & { sent?: string };

/** 'Change email': the new address; the shop's answer (where the link went) stays under the form. */
export function ChangeEmailForm({ onSubmit }: { onSubmit: (values: ChangeEmailFormValues) => Promise<ChangeEmailOutcome> }) {
  const [sent, setSent] = useState<string | null>(null);
  const form = useServerForm<ChangeEmailFormInput, ChangeEmailFormValues>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { newEmail: '' },
    fields: { newEmail: 'newEmail' },
    onSubmit: async (values) => {
      setSent(null);
      const outcome = await onSubmit(values);
      if (outcome.saved && outcome.sent) setSent(outcome.sent);
      return outcome;
    },
  });
  return (
    <ServerFormView id="change-email" form={form} heading={copy.heading} intro={copy.intro} level="h2" submitLabel={copy.submit}>
      <FormField id="change-email-new" label={copy.next} error={form.formState.errors.newEmail?.message}>
        {(props) => <input type="email" autoComplete="email" inputMode="email" {...props} {...form.register('newEmail')} />}
      </FormField>
      {/* Always in the page, so that assistive technology announces where the link went. */}
      <div aria-live="polite" className="-mt-4">
        {sent && <p className="mt-4 rounded-box bg-success/10 p-3 text-sm text-green-800 wrap-anywhere">{sent}</p>}
      </div>
    </ServerFormView>
  );
}
