import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { jumpToContactForm } from '../section-ids';
import { ContactSection } from './contact-section';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('ContactSection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the whole form at once, before its validation has loaded', () => {
    renderWithProviders(<ContactSection />);

    for (const label of ['Name', 'Email Address', 'Phone', 'Subject', 'Message']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('type', 'submit');
  });

  it("'Contact Us' puts the cursor in the first field", () => {
    renderWithProviders(<ContactSection />);

    jumpToContactForm();
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('keeps what was typed and where the cursor was when the validation takes over', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactSection />);
    const shownFirst = screen.getByLabelText('Name');

    await user.type(shownFirst, 'Sam');
    await waitFor(() => expect(screen.getByLabelText('Name')).not.toBe(shownFirst));

    expect(screen.getByLabelText('Name')).toHaveValue('Sam');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.type(screen.getByLabelText('Name'), ' Rider');
    expect(screen.getByLabelText('Name')).toHaveValue('Sam Rider');
  });

  it('checks and sends a message whose Send was pressed before the validation arrived', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json({ insertedId: 'a'.repeat(24) }, 201));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<ContactSection />);

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Name is Required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Name'), 'Sam Rider');
    await user.type(screen.getByLabelText('Email Address'), 'sam@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Chain kit');
    await user.type(screen.getByLabelText('Message'), 'Does it fit a 2019 Duke 390?');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/contact');
  });
});
