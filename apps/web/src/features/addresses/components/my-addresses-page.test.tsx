import type { Address } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { MyAddressesPage } from './my-addresses-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const HOME_ID = 'a'.repeat(24);
const WORK_ID = 'b'.repeat(24);
const SETTINGS = { shopName: 'Moto Parts', country: 'US', pricesIncludeTax: false, cutoff: '14:00', timeZone: 'America/New_York', returnWindowDays: 30 };

interface Call {
  method: string;
  url: string;
  body: unknown;
}

describe('MyAddressesPage', () => {
  const fetchMock = stubFetch();
  let addresses: Address[];
  let calls: Call[];

  beforeEach(() => {
    calls = [];
    addresses = [
      { _id: HOME_ID, fullName: 'Ada Rider', line1: '1 Market Street', line2: 'Unit 4', city: 'San Francisco', region: 'CA', postcode: '94105', country: 'US', phone: '+1 415 555 0100', isDefault: true },
      { _id: WORK_ID, fullName: 'Ada Rider', line1: '5 Rue Grimaldi', line2: '', city: '', region: null, postcode: '98000', country: 'MC', phone: '+377 93 15 00 00', isDefault: false },
    ];
  });

  /** The shop as the page meets it: its addresses and settings, and `write` answering the changes. */
  function renderPage(write: (call: Call) => Response | undefined = () => undefined) {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (method === 'GET') return url.endsWith('/settings') ? json(SETTINGS) : json(addresses);
      const call = { method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      return write(call) ?? json({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    });
    renderWithProviders(
      <>
        <MyAddressesPage />
        <ToastContainer />
      </>,
    );
    return userEvent.setup();
  }
  const cardOf = async (line1: string) => within((await screen.findAllByTestId('address-card')).find((card) => within(card).queryByText(line1))!);

  it('shows each address as a card, the default marked and first', async () => {
    renderPage();
    const [home, work] = await screen.findAllByTestId('address-card');
    expect(within(home!).getByText('Default')).toBeInTheDocument();
    expect(within(home!).getByText('San Francisco CA 94105')).toBeInTheDocument();
    expect(within(home!).getByText('United States')).toBeInTheDocument();
    expect(within(home!).queryByRole('button', { name: /Make default/ })).not.toBeInTheDocument();
    expect(within(work!).queryByText('Default')).not.toBeInTheDocument();
    expect(within(work!).getByText('Monaco')).toBeInTheDocument();
    expect(within(work!).getByRole('button', { name: 'Make default Ada Rider, 5 Rue Grimaldi' })).toBeInTheDocument();
  });

  it('adds an address in a dialog: the region asked for beside the other fields, then saved', async () => {
    const user = renderPage(({ method, body }) => {
      if (method !== 'POST') return undefined;
      addresses = [...addresses, { _id: 'c'.repeat(24), isDefault: false, ...(body as Omit<Address, '_id' | 'isDefault'>) }];
      return json({ acknowledged: true, insertedId: 'c'.repeat(24) }, 201);
    });
    await screen.findAllByTestId('address-card');
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add address' }));
    // A new address starts in the shop's country, listed first.
    const country = dialog.getByLabelText<HTMLSelectElement>('Country');
    expect(country).toHaveValue('US');
    expect(country.options[1]).toHaveTextContent('United States');

    await user.type(dialog.getByLabelText('Full name'), 'Bea');
    await user.type(dialog.getByLabelText(/Address line 1/), '350 5th Ave');
    await user.type(dialog.getByLabelText(/City/), 'NYC');
    await user.type(dialog.getByLabelText('Postcode'), '<b>');
    await user.type(dialog.getByLabelText('Phone'), '+1 212 555');
    await user.click(dialog.getByRole('button', { name: 'Save address' }));
    expect(await dialog.findByText('Please choose a region')).toBeInTheDocument();
    expect(dialog.getByText('Please enter a valid postcode')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.selectOptions(dialog.getByLabelText('Region'), 'NY');
    await user.clear(dialog.getByLabelText('Postcode'));
    await user.type(dialog.getByLabelText('Postcode'), '10118');
    await user.click(dialog.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Address saved')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/addresses',
        body: { fullName: 'Bea', line1: '350 5th Ave', line2: '', city: 'NYC', region: 'NY', postcode: '10118', country: 'US', phone: '+1 212 555' },
      },
    ]);
    expect(await cardOf('350 5th Ave')).toBeTruthy();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('edits an address, dropping the region when the country has none, and shows the shop refusing a field under it', async () => {
    const user = renderPage(({ method, body }) =>
      method === 'PUT' && (body as Address).postcode === 'NOPE'
        ? json({ error: { code: 'VALIDATION_FAILED', message: 'Please enter a valid postcode', fieldErrors: { postcode: ['Please enter a valid postcode'] } }, requestId: 'r1' }, 422)
        : undefined,
    );
    await user.click((await cardOf('1 Market Street')).getByRole('button', { name: 'Edit Ada Rider, 1 Market Street' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit address' }));
    expect(dialog.getByLabelText(/Address line 2/)).toHaveValue('Unit 4');
    expect(dialog.getByLabelText('Region')).toHaveValue('CA');

    await user.clear(dialog.getByLabelText('Postcode'));
    await user.type(dialog.getByLabelText('Postcode'), 'NOPE');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await dialog.findByText('Please enter a valid postcode', { selector: 'p' })).toBeInTheDocument();
    expect(dialog.getByLabelText('Postcode')).toHaveAttribute('aria-invalid', 'true');

    await user.selectOptions(dialog.getByLabelText('Country'), 'GB');
    expect(dialog.queryByLabelText('Region')).not.toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Postcode'));
    await user.type(dialog.getByLabelText('Postcode'), 'sw1a 1aa');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Address saved')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({
      method: 'PUT',
      url: `/api/addresses/${HOME_ID}`,
      body: { fullName: 'Ada Rider', line1: '1 Market Street', line2: 'Unit 4', city: 'San Francisco', region: null, postcode: 'SW1A 1AA', country: 'GB', phone: '+1 415 555 0100' },
    });
  });

  it("refuses an eleventh address with the shop's message", async () => {
    const user = renderPage(({ method }) =>
      method === 'POST' ? json({ error: { code: 'CONFLICT', message: 'You can keep at most 10 addresses' }, requestId: 'r2' }, 409) : undefined,
    );
    await screen.findAllByTestId('address-card');
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add address' }));
    await user.selectOptions(dialog.getByLabelText('Country'), 'MC');
    await user.type(dialog.getByLabelText('Full name'), 'Ada Rider');
    await user.type(dialog.getByLabelText(/Address line 1/), '7 Avenue Princesse Grace');
    await user.type(dialog.getByLabelText('Postcode'), '98000');
    await user.type(dialog.getByLabelText('Phone'), '+377 93 15 00 01');
    await user.click(dialog.getByRole('button', { name: 'Save address' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('You can keep at most 10 addresses');
    expect(screen.getByRole('dialog', { name: 'Add address' })).toBeInTheDocument();
  });

  it('makes an address the default, and removes one once asked', async () => {
    const user = renderPage(({ method, url }) => {
      if (method === 'PUT') addresses = addresses.map((address) => ({ ...address, isDefault: url.endsWith(address._id) })).reverse();
      if (method === 'DELETE') {
        addresses = addresses.filter((address) => !url.endsWith(address._id));
        return json({ acknowledged: true, deletedCount: 1 });
      }
      return undefined;
    });
    await user.click((await cardOf('5 Rue Grimaldi')).getByRole('button', { name: 'Make default Ada Rider, 5 Rue Grimaldi' }));
    expect(await screen.findByText('Default address changed')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'PUT', url: `/api/addresses/${WORK_ID}`, body: { line1: '5 Rue Grimaldi', region: null, isDefault: true } });
    await waitFor(async () => expect(within((await screen.findAllByTestId('address-card'))[0]!).getByText('5 Rue Grimaldi')).toBeInTheDocument());

    await user.click((await cardOf('1 Market Street')).getByRole('button', { name: 'Remove Ada Rider, 1 Market Street' }));
    const question = within(screen.getByRole('dialog', { name: 'Remove this address?' }));
    expect(question.getByText('Ada Rider, 1 Market Street will no longer be offered on the purchase page and checkout.')).toBeInTheDocument();
    await user.click(question.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Address removed')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: `/api/addresses/${HOME_ID}` });
    await waitFor(() => expect(screen.getAllByTestId('address-card')).toHaveLength(1));
  });

  it('says when there is no address yet', async () => {
    addresses = [];
    renderPage();
    expect(await screen.findByText('No saved addresses yet. Add one to fill in your delivery in one step.')).toBeInTheDocument();
  });
});
