import type { TaxRate } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { TaxesPage } from './taxes-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('TaxesPage', () => {
  const fetchMock = stubFetch();
  let rates: TaxRate[];
  let sent: unknown[];

  beforeEach(() => {
    rates = [
      { country: 'US', region: 'CA', name: 'Sales tax', rate: 7.25, appliesToDelivery: false },
      { country: 'US', region: 'NY', name: 'Sales tax', rate: 4, appliesToDelivery: true },
    ];
    sent = [];
  });

  function renderPage(answerPut: (body: { rates: TaxRate[] }) => Response = (body) => json(body)) {
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url).endsWith('/api/tax-rates')) {
        if (init?.method !== 'PUT') return json({ rates });
        const body = JSON.parse(String(init.body)) as { rates: TaxRate[] };
        sent.push(body);
        return answerPut(body);
      }
      if (String(url).endsWith('/api/settings')) return json({ shopName: 'Moto Parts', country: 'US', pricesIncludeTax: false, cutoff: '14:00', timeZone: 'America/New_York', returnWindowDays: 30 });
      return json({});
    });
    renderWithProviders(
      <>
        <TaxesPage />
        <ToastContainer />
      </>,
    );
    // No pause between keys: the forms hold long selects, and typing waits for nothing else.
    return userEvent.setup({ delay: null });
  }

  it('shows the rates as a table, and saves the list as edited', async () => {
    const user = renderPage();
    const form = within(await screen.findByRole('form', { name: 'Taxes' }));
    expect(form.getAllByTestId('tax-rate-row')).toHaveLength(2);
    expect(form.getByLabelText('Region, rate 1')).toHaveValue('CA');
    expect(form.getByLabelText('Rate %, rate 1')).toHaveValue(7.25);
    expect(form.getByLabelText('Applies to delivery, rate 2')).toBeChecked();

    await user.click(form.getByRole('button', { name: 'Remove rate 2' }));
    await user.click(form.getByRole('button', { name: 'Add rate' }));
    // A new rate is for the shop's country, first in the list.
    expect(form.getByLabelText('Country, rate 2')).toHaveValue('US');
    expect((form.getByLabelText('Country, rate 2') as HTMLSelectElement).options[0]).toHaveTextContent('United States');
    await user.selectOptions(form.getByLabelText('Country, rate 2'), 'DE');
    // Germany has no regions: its rate is for the whole country.
    expect(form.queryByLabelText('Region, rate 2')).not.toBeInTheDocument();
    await user.type(form.getByLabelText('Name, rate 2'), 'VAT');
    await user.type(form.getByLabelText('Rate %, rate 2'), '19');
    await user.click(form.getByLabelText('Applies to delivery, rate 2'));
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Tax rates saved')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        rates: [
          { country: 'US', region: 'CA', name: 'Sales tax', rate: 7.25, appliesToDelivery: false },
          { country: 'DE', region: null, name: 'VAT', rate: 19, appliesToDelivery: true },
        ],
      },
    ]);
  });

  it('checks a rate above 100 % before asking the shop', async () => {
    const user = renderPage();
    const form = within(await screen.findByRole('form', { name: 'Taxes' }));
    await user.clear(form.getByLabelText('Rate %, rate 2'));
    await user.type(form.getByLabelText('Rate %, rate 2'), '101');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Rate must be from 0 to 100 %')).toBeInTheDocument();
    expect(form.getByLabelText('Rate %, rate 2')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it("shows the shop's message under the row and field it names", async () => {
    const user = renderPage(() =>
      json({ error: { code: 'VALIDATION_FAILED', message: 'Some fields are not valid', fieldErrors: { 'rates.1.region': ['There is already a rate for US-NY'] } }, requestId: 'r1' }, 422),
    );
    const form = within(await screen.findByRole('form', { name: 'Taxes' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('There is already a rate for US-NY')).toBeInTheDocument();
    expect(form.getByLabelText('Region, rate 2')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText('Region, rate 1')).toHaveAttribute('aria-invalid', 'false');
    expect(await screen.findByText('The tax rates could not be saved.')).toBeInTheDocument();
  });
});
