import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { stubIntersectionObserver } from '@/test/viewport';
import type { BelowTheFold as BelowTheFoldComponent } from './below-the-fold';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('the home page opened at a later section', () => {
  // Test files share their worker's modules (vitest.config.ts) and this module remembers that its
  // sections have loaded, whichever file loaded them: the file takes a copy of its own. The lazily
  // loaded script is compiled ahead, so waiting for it is waiting for the app, not the test runner.
  let BelowTheFold: typeof BelowTheFoldComponent;
  beforeAll(async () => {
    vi.resetModules();
    ({ BelowTheFold } = await import('./below-the-fold'));
    await import('./below-the-fold-sections');
  });

  const fetchMock = stubFetch();

  it('an address that names a section (a link to /#contact) brings the sections without waiting for a scroll', async () => {
    fetchMock.mockImplementation(async () => json([]));
    const screenEdge = stubIntersectionObserver();
    renderWithProviders(<BelowTheFold />, { route: '/#contact' });
    screenEdge.report(false);
    // A role query finds the section once it is shown, not while React still holds it hidden.
    const contact = await screen.findByRole('region', { name: 'Get in Touch' });
    expect(contact).toHaveAttribute('id', 'contact');
    expect(within(contact).getByLabelText('Name')).toBeInTheDocument();
  });
});
