import type { ReactNode } from 'react';

/** The panel a page's form sits on. */
export function FormCard({ children }: { children: ReactNode }) {
  return (
    <div className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body p-6 sm:p-8">{children}</div>
    </div>
  );
}
