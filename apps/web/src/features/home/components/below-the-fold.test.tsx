import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { buildReview } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubIntersectionObserver } from '@/test/viewport';
import type { BelowTheFold as BelowTheFoldComponent } from './below-the-fold';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/**
 * Test files share their worker's modules (vitest.config.ts), and the module remembers that its
 * sections have loaded, whichever test loaded them: each describe takes a copy of its own. The
 * lazily loaded script is compiled ahead, so waiting for it is waiting for the app, not the runner.
 */
function freshBelowTheFold() {
  const loaded: { BelowTheFold?: typeof BelowTheFoldComponent } = {};
  beforeAll(async () => {
    vi.resetModules();
    ({ BelowTheFold: loaded.BelowTheFold } = await import('./below-the-fold'));
    await import('./below-the-fold-sections');
  });
  return () => loaded.BelowTheFold!;
}

describe('the home page opened at a later section', () => {
  const component = freshBelowTheFold();
  const fetchMock = stubFetch();

  it('an address that names a section (a link to /#contact) brings the sections without waiting for a scroll', async () => {
    fetchMock.mockImplementation(async () => json([]));
    const screenEdge = stubIntersectionObserver();
    const BelowTheFold = component();
    renderWithProviders(<BelowTheFold />, { route: '/#contact' });
    screenEdge.report(false);
    // A role query finds the section once it is shown, not while React still holds it hidden.
    const contact = await screen.findByRole('region', { name: 'Get in Touch' });
    expect(contact).toHaveAttribute('id', 'contact');
    expect(within(contact).getByLabelText('Name')).toBeInTheDocument();
  });
});

// The first test loads the sections' script; the module then shows them at once, as a page visited
// again does. So the order of these tests matters: each starts with what the one before left.
describe('the home page after the products', () => {
  const component = freshBelowTheFold();
  const fetchMock = stubFetch();
  const reviewCalls = () => fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://shop').pathname === '/api/getreviews').length;

  it('waits, reviews call and all, until the visitor scrolls near; then the sections are there for the keyboard', async () => {
    fetchMock.mockImplementation(async () => json([buildReview({ name: 'sam rider' })]));
    const screenEdge = stubIntersectionObserver();
    const user = userEvent.setup();
    const BelowTheFold = component();
    renderWithProviders(<BelowTheFold />);
    screenEdge.report(false);
    expect(screen.queryByRole('heading', { name: 'MILLION BUSINESS TRUST US' })).not.toBeInTheDocument();
    expect(reviewCalls()).toBe(0);

    screenEdge.report(true);
    expect(await screen.findByRole('heading', { name: 'MILLION BUSINESS TRUST US' })).toBeInTheDocument();
    for (const heading of ['Get in Touch', 'All Customer Review', 'Our Services']) expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(await screen.findByText('sam rider')).toBeInTheDocument();
    expect(reviewCalls()).toBe(1);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Any Questions.' })).toHaveFocus();
  });

  it('once loaded, shows them at once the next time the page is drawn', () => {
    fetchMock.mockImplementation(async () => json([]));
    const screenEdge = stubIntersectionObserver();
    const BelowTheFold = component();
    renderWithProviders(<BelowTheFold />);
    screenEdge.report(false);
    expect(screen.getByRole('heading', { name: 'Get in Touch' })).toBeInTheDocument();
  });
});
