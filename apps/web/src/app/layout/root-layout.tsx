import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { CartNotice } from '@/components/ui/cart-notice';
import { EmailConfirmationNotice } from '@/features/auth/components/email-confirmation-notice';
import { CartKeeper } from '@/stores/cart';
import { GarageKeeper } from '@/stores/garage';
import { layoutCopy } from './copy';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { ScrollRestoration } from './scroll-restoration';

export const MAIN_CONTENT_ID = 'main-content';

/** In place of a page whose script is on its way. */
export function RouteLoading() {
  return (
    <div className="flex min-h-96 items-center justify-center">
      <span className="loading loading-spinner loading-lg text-primary" role="status" aria-label={layoutCopy.loadingPage} />
    </div>
  );
}

/**
 * Marks the document once its page is the app's (`<html data-ready>`): after the page a server
 * rendered is hydrated, lazily loaded route included, its buttons do what they say. The journeys
 * wait for it before they act.
 */
function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);
  return null;
}

export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="btn btn-primary sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50"
      >
        {layoutCopy.skipToContent}
      </a>
      <Navbar />
      {/* At least a screen high: the footer starts below the fold, so a page whose data is still
          loading does not push it down in view (layout shift). */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-[calc(100dvh-var(--shop-header-height))] flex-1 outline-none">
        <EmailConfirmationNotice />
        <Suspense fallback={<RouteLoading />}>
          <Outlet />
          <PageReady />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
      <GarageKeeper />
      <CartKeeper />
      <CartNotice />
    </div>
  );
}
