import type { ContactInboxMessage } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { MessagesPage } from './messages-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const message = (overrides: Partial<ContactInboxMessage>): ContactInboxMessage => ({
  _id: 'a'.repeat(24),
  name: 'Ayesha Rahman',
  email: 'ayesha@example.com',
  phone: '+44 20 7946 0958',
  subject: 'Chain kit',
  message: 'Does the chain kit fit a 2019 MT-07?\nThanks!',
  createdAt: '2026-11-20T09:30:00.000Z',
  read: false,
  ...overrides,
});

describe('MessagesPage', () => {
  const fetchMock = stubFetch();

  function renderPage(route = '/dashbord/messages') {
    renderWithProviders(
      <>
        <MessagesPage />
        <ToastContainer />
      </>,
      { route },
    );
    return userEvent.setup();
  }

  it('lists each message with its sender, the text as written, and a reply by email', async () => {
    fetchMock.mockImplementation(async () =>
      json({ messages: [message({}), message({ _id: 'b'.repeat(24), subject: '<b>Brake pads</b>', read: true, phone: '' })], total: 2, unread: 1 }),
    );
    renderPage();
    const cards = await screen.findAllByTestId('contact-message');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'Chain kit' })).toBeInTheDocument();
    expect(first.getByText('New')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText('New')).not.toBeInTheDocument();
    expect(first.getByText(/Does the chain kit fit a 2019 MT-07\?/)).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'ayesha@example.com' })).toHaveAttribute('href', 'mailto:ayesha@example.com');
    expect(first.getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute('href', 'tel:+442079460958');
    expect(first.getByRole('link', { name: 'Reply to Ayesha Rahman by email' })).toHaveAttribute('href', 'mailto:ayesha@example.com?subject=Re%3A%20Chain%20kit');
    // Markup is shown as the visitor typed it, never run.
    expect(within(cards[1]!).getByRole('heading', { name: '<b>Brake pads</b>' })).toBeInTheDocument();
    expect(within(cards[1]!).queryByText('Phone')).not.toBeInTheDocument();
    expect(screen.getByText('2 messages, 1 unread. Newest first.')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/contact-messages?page=0&size=20');
  });

  it('marks a message read, then shows it read', async () => {
    let read = false;
    fetchMock.mockImplementation(async (_input, init) => {
      if (init?.method === 'PATCH') {
        read = JSON.parse(String(init.body)).read;
        return json({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      }
      return json({ messages: [message({ read })], total: 1, unread: read ? 0 : 1 });
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: /^Mark as read/ }));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(String(patch?.[0])).toBe(`/api/contact-messages/${'a'.repeat(24)}`);
    expect(await screen.findByRole('button', { name: /^Mark as unread/ })).toBeInTheDocument();
    expect(screen.getByText('1 message, 0 unread. Newest first.')).toBeInTheDocument();
  });

  it("says the shop's reason when it refuses", async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'PATCH'
        ? json({ error: { code: 'NOT_FOUND', message: 'Message was not found' }, requestId: 'r1' }, 404)
        : json({ messages: [message({})], total: 1, unread: 1 }),
    );
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: /^Mark as read/ }));
    expect(await screen.findByText('Message was not found')).toBeInTheDocument();
  });

  it('says where messages come from when there are none, and pages through many from the URL', async () => {
    fetchMock.mockImplementation(async () => json({ messages: [], total: 0, unread: 0 }));
    renderPage();
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();

    fetchMock.mockImplementation(async () => json({ messages: [message({})], total: 45, unread: 3 }));
    renderPage('/dashbord/messages?page=2');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/contact-messages?page=1&size=20')).toBe(true));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  });
});
