import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { RouteError } from './route-error';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:3000/assets/dashboard-abc123.js');

function show(error: unknown) {
  render(
    <MemoryRouter>
      <RouteError error={error} />
    </MemoryRouter>,
  );
}

describe('RouteError', () => {
  const fetchMock = stubFetch();
  afterEach(() => vi.restoreAllMocks());

  it('says a new version is out when the shop answers but the old script is gone', async () => {
    fetchMock.mockResolvedValue(new Response('{"status":"ready"}'));
    show(chunkError());
    expect(await screen.findByText('A new version of the shop is available. Please reload the page.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/ready', expect.objectContaining({ cache: 'no-store' }));
  });

  it('says the connection is lost when the shop cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    show(chunkError());
    expect(await screen.findByText('You seem to be offline. Check your connection, then reload the page.')).toBeInTheDocument();
  });

  it('says it at once when the browser knows it is offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fetchMock.mockReturnValue(new Promise(() => undefined));
    show(chunkError());
    expect(screen.getByRole('status')).toHaveTextContent('You seem to be offline.');
  });

  it('asks nothing and says only that the page failed for any other error', () => {
    show(new Error('Cannot read properties of undefined'));
    expect(screen.getByRole('status')).toHaveTextContent('This page could not be shown. Reloading usually helps.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
