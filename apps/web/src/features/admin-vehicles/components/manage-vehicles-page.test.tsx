import type { Vehicle } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { ManageVehiclesPage } from './manage-vehicles-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const MT07 = 'a'.repeat(24);
const CB500F = 'b'.repeat(24);

describe('ManageVehiclesPage', () => {
  const fetchMock = stubFetch();
  let vehicles: Vehicle[];
  let posted: unknown[];

  beforeEach(() => {
    posted = [];
    vehicles = [
      { _id: MT07, make: 'Yamaha', model: 'MT-07', variant: '', yearFrom: 2014, yearTo: 2024, cc: 689, parts: 12 },
      { _id: CB500F, make: 'Honda', model: 'CB500F', variant: 'ABS', yearFrom: 2013, yearTo: 2023, cc: 471, parts: 0 },
    ];
  });

  function renderPage(answer: (url: string, init?: RequestInit) => Response | undefined = () => undefined) {
    fetchMock.mockImplementation(async (url, init) => answer(String(url), init) ?? json(vehicles));
    renderWithProviders(
      <>
        <ManageVehiclesPage />
        <ToastContainer />
      </>,
    );
    return userEvent.setup();
  }
  const rowOf = (model: string) => within(screen.getAllByTestId('vehicle-row').find((row) => within(row).queryByText(model))!);

  it('lists each vehicle with its years, engine size and how many parts fit it', async () => {
    renderPage();
    await screen.findByText('MT-07');
    expect(rowOf('MT-07').getByText('2014–2024')).toBeInTheDocument();
    expect(rowOf('MT-07').getByText('12')).toBeInTheDocument();
    expect(rowOf('CB500F').getByText('ABS')).toBeInTheDocument();
    expect(rowOf('CB500F').getByRole('button', { name: 'Edit Honda CB500F ABS (2013-2023)' })).toBeInTheDocument();
  });

  it('refuses reversed years before asking the server, then adds the vehicle', async () => {
    const user = renderPage((_url, init) => {
      if (init?.method !== 'POST') return undefined;
      const body = JSON.parse(String(init.body));
      posted.push(body);
      vehicles = [...vehicles, { _id: 'c'.repeat(24), ...body, parts: 0 }];
      return json({ acknowledged: true, insertedId: 'c'.repeat(24) }, 201);
    });
    await screen.findByText('MT-07');
    const form = within(screen.getByRole('form', { name: 'Add a vehicle' }));
    await user.type(form.getByLabelText('Make'), 'Kawasaki');
    await user.type(form.getByLabelText('Model'), 'Z650');
    await user.type(form.getByLabelText('Year from'), '2020');
    await user.type(form.getByLabelText('Year to'), '2017');
    await user.type(form.getByLabelText('Engine size (cc)'), '649');
    await user.click(form.getByRole('button', { name: 'Add Vehicle' }));
    expect(await form.findByText('Year to must not be before Year from')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.clear(form.getByLabelText('Year to'));
    await user.type(form.getByLabelText('Year to'), '2024');
    await user.click(form.getByRole('button', { name: 'Add Vehicle' }));
    expect(await screen.findByText('Vehicle added')).toBeInTheDocument();
    expect(posted).toEqual([{ make: 'Kawasaki', model: 'Z650', variant: '', yearFrom: 2020, yearTo: 2024, cc: 649 }]);
    expect(await screen.findByText('Z650')).toBeInTheDocument();
  });

  it('suggests the makes the shop has, and the models it has of the make typed, in any case', async () => {
    vehicles = [...vehicles, { _id: 'd'.repeat(24), make: 'Yamaha', model: 'Tracer 9', variant: '', yearFrom: 2021, yearTo: 2024, cc: 890, parts: 0 }];
    const user = renderPage();
    await screen.findByText('Tracer 9');
    const form = within(screen.getByRole('form', { name: 'Add a vehicle' }));
    const suggestions = (label: string) => {
      const list = document.getElementById(form.getByLabelText(label).getAttribute('list') ?? '');
      return [...(list?.querySelectorAll('option') ?? [])].map((option) => option.value);
    };
    expect(suggestions('Make')).toEqual(['Honda', 'Yamaha']);
    expect(suggestions('Model')).toEqual([]);
    await user.type(form.getByLabelText('Make'), 'yamaha ');
    expect(suggestions('Model')).toEqual(['MT-07', 'Tracer 9']);
    await user.clear(form.getByLabelText('Make'));
    await user.type(form.getByLabelText('Make'), 'Royal Enfield');
    expect(suggestions('Model')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Edit Honda CB500F ABS (2013-2023)' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Honda CB500F ABS (2013-2023)' }));
    const editModels = document.getElementById(dialog.getByLabelText('Model').getAttribute('list') ?? '');
    expect([...(editModels?.querySelectorAll('option') ?? [])].map((option) => option.value)).toEqual(['CB500F']);
  });

  it('shows the server refusing a vehicle the shop already has under its field', async () => {
    const user = renderPage((_url, init) =>
      init?.method === 'POST'
        ? json({ error: { code: 'CONFLICT', message: 'This vehicle is already in the shop', fieldErrors: { model: ['This vehicle is already in the shop'] } }, requestId: 'r1' }, 409)
        : undefined,
    );
    await screen.findByText('MT-07');
    const form = within(screen.getByRole('form', { name: 'Add a vehicle' }));
    await user.type(form.getByLabelText('Make'), 'Yamaha');
    await user.type(form.getByLabelText('Model'), 'MT-07');
    await user.type(form.getByLabelText('Year from'), '2014');
    await user.type(form.getByLabelText('Year to'), '2024');
    await user.type(form.getByLabelText('Engine size (cc)'), '689');
    await user.click(form.getByRole('button', { name: 'Add Vehicle' }));
    expect(await form.findByText('This vehicle is already in the shop', { selector: 'p' })).toBeInTheDocument();
    expect(form.getByLabelText('Model')).toHaveValue('MT-07');
  });

  it('names how many parts fit a vehicle before deleting it with its fitment', async () => {
    let deleted = '';
    const user = renderPage((url, init) => {
      if (init?.method !== 'DELETE') return undefined;
      deleted = url;
      vehicles = vehicles.filter((vehicle) => vehicle._id !== MT07);
      return json({ deletedCount: 1, fitmentRemoved: 12 });
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Yamaha MT-07 (2014-2024)' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete this vehicle?' }));
    expect(dialog.getByText('Yamaha MT-07 (2014-2024) will be removed from the shop and from every garage. 12 parts fit it; their fitment rows go with it.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Vehicle deleted')).toBeInTheDocument();
    expect(deleted).toBe(`/api/vehicles/${MT07}`);
    await waitFor(() => expect(screen.queryByText('MT-07')).not.toBeInTheDocument());
  });
});
