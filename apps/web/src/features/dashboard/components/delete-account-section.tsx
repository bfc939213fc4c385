import { zodResolver } from '@hookform/resolvers/zod';
import { accountControlMessages, deleteAccountSchema, type DeleteAccountRequest } from '@shop/shared';
import { useId, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { DANGER_OUTLINE } from '@/components/ui/busy-button';
import { FieldMessage, FormField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import type { SubmitOutcome } from '@/lib/field-errors';
import { useServerForm } from '@/hooks/use-server-form';
import { dashboardCopy } from '../copy';

const copy = dashboardCopy.account.remove;
/** The password, or nothing for an account without one (made with Google only). */
export type DeleteAccountFormValues = DeleteAccountRequest;

interface DeleteAccountSectionProps {
  email: string;
  /**
   * Without a password (an account made with Google only) the question has no password field: the
   * shop takes a sign-in of the last few minutes as the confirmation, and says so when it is older.
   */
  hasPassword: boolean;
  /** Deletes the account; once saved the page leaves for the home page. */
  onDelete: (values: DeleteAccountFormValues) => Promise<SubmitOutcome>;
}

/** 'Delete my account': what goes and what stays, then a question confirmed with the password (or a recent sign-in). */
export function DeleteAccountSection({ email, hasPassword, onDelete }: DeleteAccountSectionProps) {
  const [asking, setAsking] = useState(false);
  const headingId = useId();
  const textId = useId();
  return (
    <section aria-labelledby="delete-account-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="delete-account-heading" className="text-xl font-bold">
          {copy.heading}
        </h2>
        <p className="text-base-content/80">{copy.intro}</p>
      </div>
      <button type="button" className={`btn self-start sm:min-w-44 ${DANGER_OUTLINE}`} onClick={() => setAsking(true)}>
        {copy.open}
      </button>
      <Modal open={asking} onClose={() => setAsking(false)} labelledBy={headingId} describedBy={textId}>
        <h2 id={headingId} className="text-lg font-bold">
          {copy.dialogHeading}
        </h2>
        <p id={textId} className="pt-4">
          {hasPassword ? copy.dialogText : accountControlMessages.confirmBySignIn}
        </p>
        {/* A fresh form each time the question is asked: no password or refusal is kept after Cancel. */}
        {asking &&
          (hasPassword ? (
            <DeleteAccountForm email={email} onDelete={onDelete} onCancel={() => setAsking(false)} />
          ) : (
            <ConfirmWithoutPassword onDelete={onDelete} onCancel={() => setAsking(false)} />
          ))}
      </Modal>
    </section>
  );
}

function DeleteAccountForm({ email, onDelete, onCancel }: Omit<DeleteAccountSectionProps, 'hasPassword'> & { onCancel: () => void }) {
  const form = useServerForm<z.input<typeof deleteAccountSchema>, z.output<typeof deleteAccountSchema>>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
    fields: { password: 'password' },
    onSubmit: onDelete,
  });
  const busy = form.formState.isSubmitting;
  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-4 pt-4">
      {/* Not shown: tells password managers whose password this is. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormField id="delete-account-password" label={copy.password} error={form.formState.errors.password?.message}>
        {(props) => <input type="password" autoComplete="current-password" {...props} {...form.register('password')} />}
      </FormField>
      {form.formError && <FieldMessage alert>{form.formError}</FieldMessage>}
      <DialogButtons busy={busy} onCancel={onCancel} />
    </form>
  );
}

/** The question of an account without a password: nothing to type; the shop's refusal (a sign-in too old) is shown in it. */
function ConfirmWithoutPassword({ onDelete, onCancel }: Pick<DeleteAccountSectionProps, 'onDelete'> & { onCancel: () => void }) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(null);
    const outcome = await onDelete({});
    // Once deleted, the page has left for home.
    if (outcome.saved) return;
    setRefusal(outcome.message ?? copy.failed);
    setBusy(false);
  };
  return (
    <form noValidate onSubmit={(event) => void confirm(event)} className="flex flex-col gap-4 pt-4">
      {refusal && <FieldMessage alert>{refusal}</FieldMessage>}
      <DialogButtons busy={busy} onCancel={onCancel} />
    </form>
  );
}

function DialogButtons({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <div className="modal-action mt-0 flex-wrap">
      <button type="button" className="btn" onClick={onCancel}>
        {copy.cancel}
      </button>
      <button type="submit" className="btn btn-error" disabled={busy} aria-busy={busy}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {copy.confirm}
      </button>
    </div>
  );
}
