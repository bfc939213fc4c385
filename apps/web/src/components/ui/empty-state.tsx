import type { ReactNode } from 'react';

/** A list with nothing in it yet: says so, with what to do next when there is something. */
export function EmptyState({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-box border border-base-300 bg-base-100 p-10 text-center">
      <p className="wrap-anywhere">{text}</p>
      {action}
    </div>
  );
}
