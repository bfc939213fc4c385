import { refusedOutcome, type SubmitOutcome } from './field-errors';
import { toast } from './toast';

/** The two toasts of a save: SPEC's words for success and for failure. */
export interface SaveToasts {
  done: string;
  failed: string;
}

/**
 * Runs a save and raises its toast: `done` when the shop answers that something was saved,
 * `failed` otherwise, with the shop's field messages for the form when it refused them.
 */
export async function toastedSave(toasts: SaveToasts, save: () => Promise<boolean>): Promise<SubmitOutcome> {
  try {
    if (await save()) {
      toast.success(toasts.done);
      return { saved: true };
    }
    toast.error(toasts.failed);
    return { saved: false };
  } catch (error) {
    toast.error(toasts.failed);
    return refusedOutcome(error, toasts.failed);
  }
}
