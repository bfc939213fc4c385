import type { ReactNode } from 'react';

interface AuthCardProps {
  heading: string;
  intro?: string;
  children: ReactNode;
  /** Links to the other account pages, under the card's content. */
  footer?: ReactNode;
}

/** The centred card every account page is built in. */
export function AuthCard({ heading, intro, children, footer }: AuthCardProps) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-10 sm:py-16">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-5 p-6 sm:p-8">
          <div className="text-center">
            <h1 className="text-3xl font-bold">{heading}</h1>
            {intro && <p className="mt-2 text-base-content/80">{intro}</p>}
          </div>
          {children}
          {footer && <div className="text-center text-sm">{footer}</div>}
        </div>
      </div>
    </div>
  );
}
