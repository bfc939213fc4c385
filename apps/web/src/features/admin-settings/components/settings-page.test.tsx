import { DEMO_SETTINGS, type ShopSettings } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { SettingsPage } from './settings-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('SettingsPage', () => {
  const fetchMock = stubFetch();
  let settings: ShopSettings;
  let sent: unknown[];

  beforeEach(() => {
    settings = { ...DEMO_SETTINGS, holidays: ['2026-12-25'] };
    sent = [];
  });

  function renderPage(answerPut: (body: ShopSettings) => Response = (body) => json(body)) {
    fetchMock.mockImplementation(async (url, init) => {
      if (init?.method === 'PUT' && String(url).endsWith('/api/settings')) {
        const body = JSON.parse(String(init.body)) as ShopSettings;
        sent.push(body);
        return answerPut(body);
      }
      if (String(url).endsWith('/api/admin/settings')) return json(settings);
      return json({});
    });
    renderWithProviders(
      <>
        <SettingsPage />
        <ToastContainer />
      </>,
    );
    // No pause between keys: the forms hold long selects, and typing waits for nothing else.
    return userEvent.setup({ delay: null });
  }

  it("shows every setting, the shop's country first in its list", async () => {
    renderPage();
    const form = within(await screen.findByRole('form', { name: 'Settings' }));
    expect(form.getByLabelText('Shop name')).toHaveValue('Moto Parts');
    expect(form.getByLabelText('Dispatch cut-off')).toHaveValue('14:00');
    expect(form.getByLabelText('Time zone')).toHaveValue('America/New_York');
    expect(form.getByLabelText('Prices include tax')).not.toBeChecked();
    expect(form.getByLabelText('Return window (days)')).toHaveValue(30);
    // The select's own list: a role query over 250 options costs seconds.
    const countries = (form.getByLabelText('Shop country') as HTMLSelectElement).options;
    expect(countries[0]).toHaveTextContent('United States');
    expect(countries.length).toBeGreaterThan(200);
    expect(within(form.getByRole('list', { name: 'Holidays' })).getByText('2026-12-25')).toBeInTheDocument();
  });

  it('saves what was typed, every field at once', async () => {
    const user = renderPage();
    const form = within(await screen.findByRole('form', { name: 'Settings' }));
    await user.clear(form.getByLabelText('Shop name'));
    await user.type(form.getByLabelText('Shop name'), 'M<b>P');
    await user.type(form.getByLabelText('Shop address'), '1 Leeds');
    await user.type(form.getByLabelText('Tax id'), 'GB123');
    await user.selectOptions(form.getByLabelText('Shop country'), 'GB');
    await user.click(form.getByLabelText('Prices include tax'));
    await user.clear(form.getByLabelText('Dispatch cut-off'));
    await user.type(form.getByLabelText('Dispatch cut-off'), '15:30');
    await user.selectOptions(form.getByLabelText('Time zone'), 'Europe/London');
    await user.type(form.getByLabelText('Holiday to add'), '2026-12-24');
    await user.click(form.getByRole('button', { name: 'Add holiday' }));
    await user.click(form.getByRole('button', { name: 'Remove 2026-12-25' }));
    await user.clear(form.getByLabelText('Return window (days)'));
    await user.type(form.getByLabelText('Return window (days)'), '14');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        shopName: 'M<b>P',
        shopAddress: '1 Leeds',
        taxId: 'GB123',
        country: 'GB',
        pricesIncludeTax: true,
        cutoff: '15:30',
        timeZone: 'Europe/London',
        holidays: ['2026-12-24'],
        returnWindowDays: 14,
      },
    ]);
  });

  it('checks a return window before asking the shop', async () => {
    const user = renderPage();
    const form = within(await screen.findByRole('form', { name: 'Settings' }));
    await user.clear(form.getByLabelText('Return window (days)'));
    await user.type(form.getByLabelText('Return window (days)'), '1000');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Return window must be a whole number of days from 0 to 365')).toBeInTheDocument();
    expect(form.getByLabelText('Return window (days)')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it("shows the shop's field messages under their fields", async () => {
    const user = renderPage(() =>
      json({ error: { code: 'VALIDATION_FAILED', message: 'Some fields are not valid', fieldErrors: { timeZone: ['Please choose a time zone'], 'holidays.0': ['Please enter holidays as dates (YYYY-MM-DD)'] } }, requestId: 'r1' }, 422),
    );
    const form = within(await screen.findByRole('form', { name: 'Settings' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Please choose a time zone')).toBeInTheDocument();
    expect(form.getByLabelText('Time zone')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByText('Please enter holidays as dates (YYYY-MM-DD)')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('The settings could not be saved.')).toBeInTheDocument());
  });
});
