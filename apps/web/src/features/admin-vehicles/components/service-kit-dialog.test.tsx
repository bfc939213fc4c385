import type { Product, ServiceKit, ServiceKitLine, Vehicle } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { ManageVehiclesPage } from './manage-vehicles-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const MT07 = 'a'.repeat(24);
const Z900 = 'b'.repeat(24);
const OIL = '1'.repeat(24);
const FILTER = '2'.repeat(24);
const PLUG = '3'.repeat(24);
const LONG_NAME = 'Motul 7100 4T 10W-40 Fully Synthetic Ester Engine Oil for Sport and Touring Motorcycles, 4 Litre Bottle';

const part = (id: string, name: string, extra: Partial<Product> = {}): Product => ({
  _id: id,
  name,
  decreption: '',
  price: 12.5,
  quantity: 40,
  minimum: 1,
  img: '',
  category: 'Engine',
  brand: 'NGK',
  partNumber: `PN-${id.slice(0, 3)}`,
  oemNumbers: [],
  fit: 'fits',
  ...extra,
});
const PARTS = [part(OIL, LONG_NAME, { brand: 'Motul', price: 54.9 }), part(FILTER, 'HiFlo Oil Filter HF204', { brand: 'HiFlo' }), part(PLUG, 'NGK Iridium Spark Plug CR9EIX', { quantity: 0 })];

const line = (id: string | null, name: string, quantity: number, note = ''): ServiceKitLine => ({
  productId: id,
  name,
  quantity,
  note,
  price: id ? 10 : null,
  inStock: id !== null,
});

/** The message FormField shows under a field: the error its aria-describedby points at. */
const messageOf = (field: HTMLElement) => {
  const errorId = field.getAttribute('aria-describedby')?.split(' ').find((id) => id.endsWith('-error'));
  return errorId ? (document.getElementById(errorId)?.textContent ?? null) : null;
};

describe('Manage Vehicles: Service kit', () => {
  const fetchMock = stubFetch();
  let vehicles: Vehicle[];
  let kits: Record<string, ServiceKit>;
  let written: { method: string; url: string; body: unknown }[];
  let searched: URLSearchParams[];

  beforeEach(() => {
    written = [];
    searched = [];
    vehicles = [
      { _id: MT07, make: 'Yamaha', model: 'MT-07', variant: '', yearFrom: 2014, yearTo: 2024, cc: 689, parts: 12 },
      { _id: Z900, make: 'Kawasaki', model: 'Z900', variant: '', yearFrom: 2017, yearTo: 2024, cc: 948, parts: 4 },
    ];
    kits = {};
  });

  /** The shop: the vehicles, their kits (PUT answers the kit as written), and the catalogue's search. */
  function renderPage(answer: (url: string, init?: RequestInit) => Response | undefined = () => undefined) {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const own = answer(url, init);
      if (own) return own;
      if (url.startsWith('/api/search?')) {
        const params = new URL(url, 'http://shop').searchParams;
        searched.push(params);
        const q = (params.get('q') ?? '').toLowerCase();
        const found = PARTS.filter((candidate) => candidate.name.toLowerCase().includes(q));
        return json({ total: found.length, products: found, facets: { category: [], brand: [] } });
      }
      const kitOf = /^\/api\/vehicles\/(\w+)\/service-kit$/.exec(url)?.[1];
      if (kitOf) {
        if (method === 'GET') return kits[kitOf] ? json(kits[kitOf]) : json({ error: { code: 'NOT_FOUND', message: 'Service kit not found' }, requestId: 'r' }, 404);
        const body = init?.body ? JSON.parse(String(init.body)) : undefined;
        written.push({ method, url, body });
        if (method === 'DELETE') {
          delete kits[kitOf];
          return new Response(null, { status: 204 });
        }
        const kit: ServiceKit = {
          intervalKm: body.intervalKm,
          intervalMonths: body.intervalMonths,
          lines: body.lines.map((sent: { productId: string; quantity: number; note: string }) => line(sent.productId, PARTS.find((known) => known._id === sent.productId)!.name, sent.quantity, sent.note)),
          total: 0,
        };
        kits[kitOf] = kit;
        return json(kit);
      }
      return json(vehicles);
    });
    renderWithProviders(
      <>
        <ManageVehiclesPage />
        <ToastContainer />
      </>,
    );
    return userEvent.setup();
  }

  async function openKit(user: ReturnType<typeof userEvent.setup>, name = 'Yamaha MT-07 (2014-2024)') {
    await user.click(await screen.findByRole('button', { name: `Service kit of ${name}` }));
    const dialog = within(screen.getByRole('dialog', { name: `Service kit: ${name}` }));
    // By its text: finding a label's field is slow in jsdom once the kit holds many lines.
    await dialog.findByText('Interval (km)');
    return dialog;
  }
  /** The kit's line at this index, found without role queries, which are slow in jsdom. */
  const lineAt = (_dialog: ReturnType<typeof within>, index: number) =>
    within(document.querySelectorAll<HTMLElement>('dialog[open] ol[aria-label="Parts of the kit"] > li')[index]!);

  /** Puts text into a field at once: typing it key by key is slow in jsdom. */
  async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
    await user.clear(field);
    await user.click(field);
    await user.paste(text);
  }

  /** The picker's options shown, by their text (role queries over the whole page are slow in jsdom). */
  const options = () => [...document.querySelectorAll<HTMLElement>('[role="listbox"] > [role="option"]')];
  const optionFor = async (name: RegExp) => {
    await waitFor(() => expect(options().some((option) => name.test(option.textContent ?? ''))).toBe(true));
    return options().find((option) => name.test(option.textContent ?? ''))!;
  };

  async function pickPart(user: ReturnType<typeof userEvent.setup>, row: ReturnType<typeof within>, text: string, option: RegExp) {
    const box = row.getByRole('combobox', { name: 'Part' });
    await user.click(box);
    await user.type(box, text);
    await user.click(await optionFor(option));
  }

  it('opens an empty kit for a vehicle without one, picks parts that fit it through the picker, saves, and shows the kit on reopening', async () => {
    const user = renderPage();
    const dialog = await openKit(user);
    expect(dialog.getByText('No service kit yet: give its intervals and parts, then save it.')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Delete kit' })).not.toBeInTheDocument();
    await fill(user, dialog.getByLabelText('Interval (km)'), '10000');
    await fill(user, dialog.getByLabelText('Interval (months)'), '12');

    await user.click(dialog.getByRole('button', { name: 'Add a part' }));
    // Focused empty, the picker lists the parts that fit; typing narrows them.
    await user.click(lineAt(dialog, 0).getByRole('combobox', { name: 'Part' }));
    await optionFor(/HiFlo Oil Filter HF204/);
    await user.type(lineAt(dialog, 0).getByRole('combobox', { name: 'Part' }), 'motul');
    await waitFor(() => expect(options().map((option) => option.textContent)).toEqual([`${LONG_NAME}Motul · PN-111 · $54.90 · 40 in stock`]));
    expect(screen.getByRole('option', { name: new RegExp(LONG_NAME) })).toBeInTheDocument();
    await user.click(options()[0]!);
    expect(lineAt(dialog, 0).getByRole('combobox', { name: 'Part' })).toHaveValue(LONG_NAME);
    await fill(user, lineAt(dialog, 0).getByLabelText('Quantity'), '3');
    await fill(user, lineAt(dialog, 0).getByLabelText(/^Note/), '3.0 l with filter');

    // Every search asked for the parts that fit the vehicle in its last or first year, or every bike.
    expect(searched.length).toBeGreaterThan(0);
    for (const params of searched) {
      expect(params.get('vehicle')).toBe(MT07);
      expect(['2024', '2014']).toContain(params.get('year'));
    }

    await user.click(dialog.getByRole('button', { name: 'Save kit' }));
    expect(await screen.findByText('Service kit saved')).toBeInTheDocument();
    expect(written).toEqual([
      {
        method: 'PUT',
        url: `/api/vehicles/${MT07}/service-kit`,
        body: {
          intervalKm: 10000,
          intervalMonths: 12,
          lines: [{ productId: OIL, quantity: 3, note: '3.0 l with filter' }],
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const again = await openKit(user);
    expect(again.getByLabelText('Interval (km)')).toHaveValue(10000);
    expect(lineAt(again, 0).getByRole('combobox', { name: 'Part' })).toHaveValue(LONG_NAME);
    expect(lineAt(again, 0).getByLabelText('Quantity')).toHaveValue(3);
    expect(again.getByRole('button', { name: 'Delete kit' })).toBeInTheDocument();
  });

  it('picks with the keyboard: arrows, then Enter, which does not send the form; Escape closes only the list', async () => {
    kits[MT07] = { intervalKm: 10000, intervalMonths: 12, lines: [line(OIL, LONG_NAME, 3)], total: 0 };
    const user = renderPage();
    const dialog = await openKit(user);
    await user.click(dialog.getByRole('button', { name: 'Add a part' }));
    const box = lineAt(dialog, 1).getByRole('combobox', { name: 'Part' });
    await user.click(box);
    await user.type(box, 'zzz');
    expect(await screen.findByText('No part that fits matches "zzz"')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'spark');
    await waitFor(() => expect(options().map((option) => option.textContent)).toEqual([expect.stringMatching(/^NGK Iridium Spark Plug/)]));
    expect(options()[0]).toHaveTextContent('Out of stock');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(box).toHaveValue('NGK Iridium Spark Plug CR9EIX');
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('dialog', { name: 'Service kit: Yamaha MT-07 (2014-2024)' })).toBeInTheDocument();
    expect(written).toEqual([]);

    await user.click(dialog.getByRole('button', { name: 'Save kit' }));
    expect(await screen.findByText('Service kit saved')).toBeInTheDocument();
    expect(written.map((write) => write.body)).toEqual([
      {
        intervalKm: 10000,
        intervalMonths: 12,
        lines: [
          { productId: OIL, quantity: 3, note: '' },
          { productId: PLUG, quantity: 1, note: '' },
        ],
      },
    ]);
  });

  it("refuses with the shared schema's messages before asking the shop: quantities, a long note, a part twice, a line without a part", async () => {
    kits[MT07] = { intervalKm: 10000, intervalMonths: 12, lines: [line(OIL, LONG_NAME, 3), line(FILTER, 'HiFlo Oil Filter HF204', 1)], total: 0 };
    const user = renderPage();
    const dialog = await openKit(user);
    const quantity = lineAt(dialog, 0).getByLabelText('Quantity');
    for (const bad of ['0', '-2', '1.5', '1001']) {
      await fill(user, quantity, bad);
      await user.click(dialog.getByRole('button', { name: 'Save kit' }));
      await waitFor(() => expect(messageOf(quantity)).toBe('Quantity must be a whole number from 1 to 1,000'));
    }
    await fill(user, quantity, '1000');
    await fill(user, lineAt(dialog, 1).getByLabelText(/^Note/), 'x'.repeat(61));
    await fill(user, dialog.getByLabelText('Interval (months)'), '0');
    await user.click(dialog.getByRole('button', { name: 'Add a part' }));
    await pickPart(user, lineAt(dialog, 2), 'hiflo', /HiFlo Oil Filter/);
    await user.click(dialog.getByRole('button', { name: 'Add a part' }));
    await user.click(dialog.getByRole('button', { name: 'Save kit' }));

    await waitFor(() => expect(messageOf(lineAt(dialog, 2).getByRole('combobox', { name: 'Part' }))).toBe('This part is already in the kit'));
    expect(messageOf(quantity)).toBeNull();
    expect(messageOf(lineAt(dialog, 1).getByLabelText(/^Note/))).toBe('Note must be at most 60 characters');
    expect(messageOf(lineAt(dialog, 3).getByRole('combobox', { name: 'Part' }))).toBe('Choose a part');
    expect(messageOf(dialog.getByLabelText('Interval (months)'))).toBe('Interval (months) must be a whole number from 1 to 120');
    expect(written).toEqual([]);

    // A line removed takes its message with it.
    await user.click(lineAt(dialog, 3).getByRole('button', { name: 'Remove part 4' }));
    await user.click(lineAt(dialog, 2).getByRole('button', { name: 'Remove part 3' }));
    await user.clear(lineAt(dialog, 1).getByLabelText(/^Note/));
    await fill(user, dialog.getByLabelText('Interval (months)'), '24');
    await user.click(dialog.getByRole('button', { name: 'Save kit' }));
    expect(await screen.findByText('Service kit saved')).toBeInTheDocument();
    expect(written.map((write) => write.body)).toEqual([
      {
        intervalKm: 10000,
        intervalMonths: 24,
        lines: [
          { productId: OIL, quantity: 1000, note: '' },
          { productId: FILTER, quantity: 1, note: '' },
        ],
      },
    ]);
  });

  it('refuses a 51st line', async () => {
    const fifty = Array.from({ length: 50 }, (_, index) => line(index.toString(16).padStart(24, '0'), `Part ${index + 1}`, 1));
    kits[MT07] = { intervalKm: 10000, intervalMonths: 12, lines: fifty, total: 0 };
    const user = renderPage();
    const dialog = await openKit(user);
    await user.click(dialog.getByText('Add a part'));
    await user.click(dialog.getByText('Save kit'));
    expect(await dialog.findByText('A service kit has at most 50 lines')).toBeInTheDocument();
    expect(written).toEqual([]);
  });

  it("shows the shop's refusal of a part that does not fit under its line, and each field's message under its field", async () => {
    kits[MT07] = { intervalKm: 10000, intervalMonths: 12, lines: [line(OIL, LONG_NAME, 3), line(FILTER, 'HiFlo Oil Filter HF204', 1)], total: 0 };
    const user = renderPage((url, init) =>
      init?.method === 'PUT'
        ? json(
            {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'HiFlo Oil Filter HF204 does not fit this vehicle',
                fieldErrors: { 'lines.1.productId': ['HiFlo Oil Filter HF204 does not fit this vehicle'], 'lines.0.note': ['Note must be at most 60 characters'] },
              },
              requestId: 'r',
            },
            422,
          )
        : undefined,
    );
    const dialog = await openKit(user);
    await user.click(dialog.getByRole('button', { name: 'Save kit' }));
    await waitFor(() => expect(messageOf(lineAt(dialog, 1).getByRole('combobox', { name: 'Part' }))).toBe('HiFlo Oil Filter HF204 does not fit this vehicle'));
    expect(messageOf(lineAt(dialog, 0).getByLabelText(/^Note/))).toBe('Note must be at most 60 characters');
    expect(await screen.findByText('The service kit could not be saved.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Service kit: Yamaha MT-07 (2014-2024)' })).toBeInTheDocument();
  });

  it('shows the lines of parts the shop deleted as gone, and drops them on saving', async () => {
    kits[Z900] = {
      intervalKm: 12000,
      intervalMonths: 12,
      lines: [line(OIL, LONG_NAME, 4, '3.8 l with filter'), line(null, 'Discontinued Oil Filter KN-303', 1), line(PLUG, 'NGK Iridium Spark Plug CR9EIX', 4)],
      total: 0,
    };
    const user = renderPage();
    const dialog = await openKit(user, 'Kawasaki Z900 (2017-2024)');
    const gone = within(dialog.getByRole('region', { name: 'Parts no longer in the shop' }));
    expect(gone.getByText('These parts were deleted from the shop: saving the kit drops them.')).toBeInTheDocument();
    expect(gone.getByText('Discontinued Oil Filter KN-303 × 1')).toBeInTheDocument();
    expect(dialog.getAllByRole('combobox', { name: 'Part' }).map((box) => (box as HTMLInputElement).value)).toEqual([LONG_NAME, 'NGK Iridium Spark Plug CR9EIX']);
    await user.click(dialog.getByRole('button', { name: 'Save kit' }));
    expect(await screen.findByText('Service kit saved')).toBeInTheDocument();
    expect(written.map((write) => write.body)).toEqual([
      {
        intervalKm: 12000,
        intervalMonths: 12,
        lines: [
          { productId: OIL, quantity: 4, note: '3.8 l with filter' },
          { productId: PLUG, quantity: 4, note: '' },
        ],
      },
    ]);
    const again = await openKit(user, 'Kawasaki Z900 (2017-2024)');
    expect(again.queryByRole('region', { name: 'Parts no longer in the shop' })).not.toBeInTheDocument();
  });

  it('deletes a kit after asking', async () => {
    kits[MT07] = { intervalKm: 10000, intervalMonths: 12, lines: [line(OIL, LONG_NAME, 3)], total: 0 };
    const user = renderPage();
    const dialog = await openKit(user);
    await user.click(dialog.getByRole('button', { name: 'Delete kit' }));
    const question = within(screen.getByRole('dialog', { name: 'Delete this service kit?' }));
    expect(question.getByText(/^Yamaha MT-07 \(2014-2024\) will have no service kit/)).toBeInTheDocument();
    await user.click(question.getByRole('button', { name: 'Cancel' }));
    // Answering the question leaves the kit open.
    expect(screen.getByRole('dialog', { name: 'Service kit: Yamaha MT-07 (2014-2024)' })).toBeInTheDocument();
    expect(written).toEqual([]);

    await user.click(dialog.getByRole('button', { name: 'Delete kit' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this service kit?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Service kit deleted')).toBeInTheDocument();
    expect(written).toEqual([{ method: 'DELETE', url: `/api/vehicles/${MT07}/service-kit`, body: undefined }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const again = await openKit(user);
    expect(again.getByText('No service kit yet: give its intervals and parts, then save it.')).toBeInTheDocument();
  });
});
