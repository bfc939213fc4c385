import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { EmailConfirmationNotice } from './email-confirmation-notice';

function Address() {
  const location = useLocation();
  return <p data-testid="address">{location.pathname + location.search}</p>;
}

const renderAt = (route: string) =>
  renderWithProviders(
    <>
      <EmailConfirmationNotice />
      <Address />
    </>,
    { route },
  );

describe('where the address confirmation link lands', () => {
  it('says the address is confirmed, until closed', async () => {
    renderAt('/?emailConfirmation=1');
    expect(await screen.findByRole('status')).toHaveTextContent('Your email address is confirmed.');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Your email address is confirmed.')).not.toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/$/);
  });

  it('says when the link did not work', async () => {
    renderAt('/?emailConfirmation=1&error=TOKEN_EXPIRED');
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is invalid or has expired.');
    expect(screen.queryByText('Your email address is confirmed.')).not.toBeInTheDocument();
  });

  it('says nothing on any other visit', () => {
    renderAt('/?page=2');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
