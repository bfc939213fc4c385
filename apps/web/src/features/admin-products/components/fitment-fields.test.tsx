import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SubmitOutcome } from '@/lib/field-errors';
import { stubFetch } from '@/test/fetch-stub';
import { buildProduct } from '@/test/fixtures';
import { jsonResponse } from '@/test/image-upload-stub';
import { renderWithProviders } from '@/test/render';
import type { UpdateProductFormValues } from '../product-form-schemas';
import { UpdateProductForm } from './update-product-form';

const MODELS: Record<string, string[]> = { Yamaha: ['MT-07', 'Tracer 9'], Honda: ['CB500F', 'Africa Twin'] };
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
const YEARS: Record<string, number[]> = { 'Yamaha MT-07': range(2014, 2024), 'Honda Africa Twin': range(2016, 2024) };

describe('the Fitment section of a product form', () => {
  const fetchMock = stubFetch();

  function setup() {
    fetchMock.mockImplementation(async (url) => {
      const address = new URL(String(url), 'http://shop.test');
      if (address.pathname === '/api/vehicles/makes') return jsonResponse(Object.keys(MODELS));
      if (address.pathname === '/api/vehicles/models') return jsonResponse(MODELS[address.searchParams.get('make') ?? ''] ?? []);
      if (address.pathname === '/api/vehicles/years') return jsonResponse(YEARS[`${address.searchParams.get('make')} ${address.searchParams.get('model')}`] ?? []);
      return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    });
    const onSubmit = vi.fn<(values: UpdateProductFormValues) => Promise<SubmitOutcome>>().mockResolvedValue({ saved: true });
    const { queryClient } = renderWithProviders(
      <UpdateProductForm
        product={buildProduct({ name: 'Brake Pad Set' })}
        fitment={{ universal: false, vehicles: [{ vehicleId: 'a'.repeat(24), make: 'Yamaha', model: 'MT-07', variant: '', yearFrom: 2018, yearTo: 2024, note: 'front' }] }}
        onSubmit={onSubmit}
        upload={{ progress: null, error: null }}
        categories={['Brakes', 'Other']}
      />,
    );
    const yearsLoaded = (make: string, model: string) => waitFor(() => expect(queryClient.getQueryData(['vehicles', 'years', make, model])).toBeDefined());
    return { user: userEvent.setup(), onSubmit, yearsLoaded, rows: () => within(screen.getByRole('list', { name: 'Bikes this part fits' })).queryAllByRole('listitem') };
  }

  it('starts from the part’s rows, adds a bike chosen from the shop’s makes and models, removes one, and hands over the rows', async () => {
    const { user, onSubmit, rows } = setup();
    expect(rows()).toHaveLength(1);
    const first = within(rows()[0]!);
    expect(first.getByLabelText('Make')).toHaveValue('Yamaha');
    expect(first.getByLabelText('Model')).toHaveValue('MT-07');
    expect(first.getByLabelText('Year from')).toHaveValue(2018);
    expect(first.getByLabelText('Note')).toHaveValue('front');

    await user.click(screen.getByRole('button', { name: 'Add a bike' }));
    const second = within(rows()[1]!);
    expect(second.getByLabelText('Model')).toBeDisabled();
    await within(second.getByLabelText('Make')).findByRole('option', { name: 'Honda' });
    await user.selectOptions(second.getByLabelText('Make'), 'Honda');
    await within(second.getByLabelText('Model')).findByRole('option', { name: 'Africa Twin' });
    await user.selectOptions(second.getByLabelText('Model'), 'Africa Twin');
    await user.type(second.getByLabelText('Year from'), '2020');

    await user.click(screen.getByRole('button', { name: 'Remove bike 1' }));
    expect(rows()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].fitment).toEqual({ universal: false, vehicles: [{ make: 'Honda', model: 'Africa Twin', yearFrom: 2020, note: '' }] });
  });

  it('refuses a row without a model or with reversed years under its own field, sending nothing', async () => {
    const { user, onSubmit, rows } = setup();
    const first = within(rows()[0]!);
    await user.clear(first.getByLabelText('Year to'));
    await user.type(first.getByLabelText('Year to'), '2016');
    await user.click(screen.getByRole('button', { name: 'Add a bike' }));
    const second = within(rows()[1]!);
    await within(second.getByLabelText('Make')).findByRole('option', { name: 'Honda' });
    await user.selectOptions(second.getByLabelText('Make'), 'Honda');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await first.findByText('Year to must not be before Year from')).toBeInTheDocument();
    expect(second.getByText('Model is Required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("names the real problem with a row's years: before its model was first made, after it was last made, or Year to before Year from", async () => {
    const { user, onSubmit, rows, yearsLoaded } = setup();
    await yearsLoaded('Yamaha', 'MT-07');
    const first = within(rows()[0]!);
    const setYears = async (from: string, to: string) => {
      await user.clear(first.getByLabelText('Year from'));
      await user.type(first.getByLabelText('Year from'), from);
      await user.clear(first.getByLabelText('Year to'));
      await user.type(first.getByLabelText('Year to'), to);
    };
    await setYears('2010', '2030');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await first.findByText('The Yamaha MT-07 was first made in 2014')).toBeInTheDocument();
    expect(first.getByLabelText('Year to')).toHaveAccessibleDescription('The Yamaha MT-07 was last made in 2024');
    expect(first.getByLabelText('Year from')).toHaveAttribute('aria-invalid', 'true');

    await setYears('2019', '2016');
    await waitFor(() => expect(first.getByLabelText('Year to')).toHaveAccessibleDescription('Year to must not be before Year from'));
    expect(first.getByLabelText('Year from')).not.toHaveAccessibleDescription();
    expect(onSubmit).not.toHaveBeenCalled();

    await setYears('2019', '2020');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].fitment?.vehicles).toEqual([{ make: 'Yamaha', model: 'MT-07', yearFrom: 2019, yearTo: 2020, note: 'front' }]);
  });

  it('hides the rows of a universal part and hands over only the mark', async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole('checkbox', { name: /Universal part/ }));
    expect(screen.queryByRole('list', { name: 'Bikes this part fits' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].fitment?.universal).toBe(true);
  });
});
