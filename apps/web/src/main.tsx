import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from './app/providers';
import { QUERY_STATE_ELEMENT_ID, restoreQueryState } from './app/query-state';
import { AppRouter } from './app/router';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the shop into.');

const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <AppRouter />
    </AppProviders>
  </StrictMode>
);

// A storefront page the server rendered carries the answers it was made from: the app takes the
// page over (hydrates it) with those, asking nothing again. Any other page is rendered here.
// Hydrating as a transition lets React yield to the browser between pieces of the page, so a tap
// or a scroll is not held up by one long task while the page is taken over.
const serverState = document.getElementById(QUERY_STATE_ELEMENT_ID)?.textContent;
if (serverState) {
  restoreQueryState(queryClient, JSON.parse(serverState));
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}
