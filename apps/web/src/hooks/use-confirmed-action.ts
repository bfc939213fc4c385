import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** The question asked before the action, in the ConfirmDialog. */
export interface ConfirmQuestion<Item> {
  heading: string;
  /** What will happen to this item. */
  text: (item: Item) => string;
  confirm: string;
  cancel: string;
}

export interface ConfirmedActionOptions<Item, Answer> {
  /** The call, e.g. a mutation's `mutateAsync`. */
  action: (item: Item) => Promise<Answer>;
  /** Tells the items apart (e.g. their id), so that the one being worked on can show it. */
  key: (item: Item) => string;
  /** Said when the action went through. */
  done: string | ((item: Item) => string);
  /** Said when it did not and the shop gave no reason of its own. */
  failed: string;
  /** Whether the answer says anything changed (e.g. a deletedCount above 0); `failed` is said when not. */
  changed?: (answer: Answer) => boolean;
  /** What a refusal says; the shop's own reason by default. */
  refusal?: (error: unknown) => string;
  /** Asked before the action when it is started with `ask`. */
  question?: ConfirmQuestion<Item>;
}

/**
 * An action on one row of a table, e.g. delete or ship: asked in a ConfirmDialog first (`ask`,
 * then `dialog`) or run at once (`run`); the row shows it is busy meanwhile, and a toast tells
 * how it went.
 */
export function useConfirmedAction<Item, Answer>({ action, key, done, failed, changed, refusal, question }: ConfirmedActionOptions<Item, Answer>) {
  const [confirming, setConfirming] = useState<Item | null>(null);
  const [busyKey, setBusyKey] = useState<string | null>(null);

  const perform = async (item: Item) => {
    setConfirming(null);
    setBusyKey(key(item));
    try {
      const answer = await action(item);
      if (!changed || changed(answer)) toast.success(typeof done === 'function' ? done(item) : done);
      else toast.error(failed);
    } catch (error) {
      toast.error(refusal ? refusal(error) : isApiError(error) ? error.message : failed);
    } finally {
      setBusyKey(null);
    }
  };

  return {
    /** The item whose question is open, if any. */
    confirming,
    /** The key of the item being worked on, if any. */
    busyKey,
    ask: (item: Item) => setConfirming(() => item),
    run: (item: Item) => void perform(item),
    /** The ConfirmDialog's props: the question about the item asked, its answers and whether it is open. */
    dialog: {
      open: confirming !== null,
      heading: question?.heading ?? '',
      text: confirming !== null && question ? question.text(confirming) : '',
      confirmLabel: question?.confirm ?? '',
      cancelLabel: question?.cancel ?? '',
      onConfirm: () => {
        if (confirming !== null) void perform(confirming);
      },
      onCancel: () => setConfirming(null),
    },
  };
}

/** The texts of deleting an item: SPEC's toasts and the question naming the item. */
export interface DeleteCopy {
  deleted: string;
  deleteFailed: string;
  confirm: { heading: string; text: (name: string) => string; confirm: string; cancel: string };
}

/** Deleting one item of a table by its id, asked first; the shop's deletedCount says whether it went. */
export function useConfirmedDelete<Item extends { _id: string; name: string }>(
  remove: (id: string) => Promise<{ deletedCount: number }>,
  copy: DeleteCopy,
) {
  return useConfirmedAction({
    action: (item: Item) => remove(item._id),
    key: (item) => item._id,
    done: copy.deleted,
    failed: copy.deleteFailed,
    changed: ({ deletedCount }) => deletedCount > 0,
    question: { ...copy.confirm, text: (item) => copy.confirm.text(item.name) },
  });
}
