import { zodResolver } from '@hookform/resolvers/zod';
import { quickOrderInputSchema, type QuickOrderAnswer } from '@shop/shared';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useQuickOrder } from '@/api/cart/quick-order';
import { FieldMessage, FormField } from '@/components/ui/form-field';
import { FormCard } from '@/components/ui/form-card';
import { ServerFormView } from '@/components/ui/server-form-view';
import { paths } from '@/config/paths';
import { useServerForm } from '@/hooks/use-server-form';
import { refusedOutcome } from '@/lib/field-errors';
import { toast } from '@/lib/toast';
import { useCart } from '@/stores/cart';
import { quickOrderCopy as copy } from '../copy';

type QuickOrderFormInput = { text: string };
type QuickOrderFormValues = z.output<typeof quickOrderInputSchema>;

/**
 * /quick-order (SPEC-3 section 6): part numbers and quantities, typed, pasted or from a CSV file,
 * into the cart at once; what went in is said with the way to the cart, and every line that did
 * not with the shop's reason. The text stays while a line needs fixing.
 */
export function QuickOrderPage() {
  const quickOrder = useQuickOrder();
  const [answer, setAnswer] = useState<QuickOrderAnswer | null>(null);
  // Read once the answer is in, when the form decides what it holds next.
  const keepText = useRef(false);
  const form = useServerForm<QuickOrderFormInput, QuickOrderFormValues>({
    resolver: zodResolver(quickOrderInputSchema),
    defaultValues: { text: '' },
    fields: { text: 'text' },
    onSubmit: async ({ text }) => {
      setAnswer(null);
      try {
        const answered = await quickOrder.mutateAsync(text);
        keepText.current = answered.errors.length > 0;
        setAnswer(answered);
        if (answered.added.length > 0) toast.success(copy.added(answered.added.length));
        return { saved: true };
      } catch (error) {
        toast.error(copy.failed);
        return refusedOutcome(error, copy.failed);
      }
    },
    afterSave: (current) => (keepText.current ? current : { text: '' }),
  });
  const fileId = useId();
  const [fileError, setFileError] = useState<string | null>(null);

  const readFile = async (file: File | undefined) => {
    setFileError(null);
    if (!file) return;
    try {
      form.setValue('text', await file.text(), { shouldValidate: true, shouldDirty: true });
    } catch {
      setFileError(copy.fileUnreadable);
    }
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 sm:py-12">
      <title>{copy.documentTitle}</title>
      <FormCard>
        <ServerFormView id="quick-order" form={form} heading={copy.heading} intro={copy.intro} submitLabel={copy.submit}>
          <FormField id="quick-order-text" kind="textarea" label={copy.text} error={form.formState.errors.text?.message}>
            {(props) => <textarea rows={8} spellCheck={false} placeholder={copy.placeholder} {...props} className={`${props.className} font-mono`} {...form.register('text')} />}
          </FormField>
          <div className="flex flex-col gap-1.5">
            <div className="flex flex-wrap items-baseline gap-x-2">
              <label htmlFor={fileId} className="font-medium">
                {copy.file}
              </label>
              <span id={`${fileId}-hint`} className="text-sm text-base-content/80">
                {copy.fileHint}
              </span>
            </div>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv,text/plain"
              className={`file-input w-full ${fileError ? 'file-input-error' : ''}`}
              aria-describedby={fileError ? `${fileId}-hint ${fileId}-error` : `${fileId}-hint`}
              aria-invalid={fileError !== null}
              onChange={(event) => void readFile(event.target.files?.[0])}
            />
            {fileError && <FieldMessage id={`${fileId}-error`}>{fileError}</FieldMessage>}
          </div>
        </ServerFormView>
      </FormCard>
      {answer && <QuickOrderResult answer={answer} />}
    </div>
  );
}

/** What the quick order put in the cart (named as the cart names the parts), and each line it did not, as the shop words it. */
function QuickOrderResult({ answer }: { answer: QuickOrderAnswer }) {
  const cart = useCart();
  const nameOf = (productId: string) => cart.lines.find((line) => line.productId === productId)?.name;
  return (
    <section aria-label={copy.heading} className="flex flex-col gap-4">
      <div role="status" className="flex flex-col gap-2">
        {answer.added.length > 0 ? (
          <div className="flex flex-col gap-2 rounded-box border border-green-700 bg-green-50 p-4">
            <p className="font-semibold">{copy.added(answer.added.length)}</p>
            <ul aria-label={copy.addedLabel} className="list-inside list-disc">
              {answer.added.map((line) => {
                const name = nameOf(line.productId);
                return name ? <li key={line.productId}>{copy.addedLine(line.quantity, name)}</li> : null;
              })}
            </ul>
            <Link to={paths.cart.getHref()} className="btn btn-primary btn-sm self-start">
              {copy.viewCart}
            </Link>
          </div>
        ) : (
          <p className="font-semibold">{copy.noneAdded}</p>
        )}
      </div>
      {answer.errors.length > 0 && (
        <ul aria-label={copy.errorsLabel} className="flex flex-col gap-1 rounded-box border border-red-700 bg-red-50 p-4">
          {answer.errors.map((error) => (
            <li key={`${error.line}-${error.message}`} className="font-medium text-red-800 wrap-anywhere">
              {error.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
