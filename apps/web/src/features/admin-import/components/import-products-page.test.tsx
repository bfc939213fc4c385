import type { ImportReport } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { type SentForm, stubImageUploads } from '@/test/image-upload-stub';
import { renderWithProviders } from '@/test/render';
import { ImportProductsPage } from './import-products-page';

const report = (overrides: Partial<ImportReport> = {}): ImportReport => ({
  written: false,
  products: { added: 2, changed: 1, unchanged: 0 },
  fitment: { parts: 2, rows: 5, changed: 2 },
  errors: [],
  errorCount: 0,
  ...overrides,
});
const csv = (name: string, text: string) => new File([text], name, { type: 'text/csv' });
const PRODUCTS = csv('products.csv', 'name,decreption,price,quantity,minimum,category,brand,partNumber,oemNumbers,img\r\n');
const FITMENT = csv('fitment.csv', 'partNumber,make,model,yearFrom,yearTo,note\r\n');

describe('ImportProductsPage', () => {
  stubFetch();
  afterEach(() => vi.unstubAllGlobals());

  function renderPage(answer: (sent: SentForm) => { status: number; body: unknown }) {
    const uploads = stubImageUploads({ answer });
    renderWithProviders(
      <>
        <ImportProductsPage />
        <ToastContainer />
      </>,
    );
    return { user: userEvent.setup(), uploads };
  }

  it('lists every row to fix with its file and line, and keeps Import off until a check finds nothing wrong', async () => {
    const { user, uploads } = renderPage(() => ({
      status: 200,
      body: report({
        errors: [
          { file: 'products', line: 3, message: "Unknown category 'Brakez': add it under Categories first" },
          { file: 'fitment', line: 7, message: 'Unknown make Yamah' },
        ],
        errorCount: 2,
      }),
    }));
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(screen.getByRole('button', { name: 'Check files' })).toBeDisabled();
    expect(screen.getByText('Choose a products file, a fitment file, a service kits file or several.')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Products CSV'), PRODUCTS);
    await user.upload(screen.getByLabelText('Fitment CSV'), FITMENT);
    await user.click(screen.getByRole('button', { name: 'Check files' }));

    expect(await screen.findByText('2 rows need fixing. Nothing has been written.')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Rows to fix' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(["Products3Unknown category 'Brakez': add it under Categories first", 'Fitment7Unknown make Yamah']);
    expect(importButton).toBeDisabled();
    expect(uploads.sent).toHaveLength(1);
    expect(uploads.sent[0]!.url).toBe('/api/catalogue/import?check=true');
    expect((uploads.sent[0]!.form.get('products') as File).name).toBe('products.csv');
    expect((uploads.sent[0]!.form.get('fitment') as File).name).toBe('fitment.csv');
  });

  it("says 'Check your files first' beside Import while it is off, and nothing once a check finds the files clean", async () => {
    const { user } = renderPage(() => ({ status: 200, body: report() }));
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    expect(importButton).toHaveAccessibleDescription('Check your files first');
    expect(screen.getByText('Check your files first')).toBeVisible();

    await user.upload(screen.getByLabelText('Products CSV'), PRODUCTS);
    expect(importButton).toHaveAccessibleDescription('Check your files first');
    await user.click(screen.getByRole('button', { name: 'Check files' }));
    await screen.findByText('Nothing is wrong: the files can be imported.');
    expect(importButton).toBeEnabled();
    expect(importButton).not.toHaveAccessibleDescription();
    expect(screen.queryByText('Check your files first')).not.toBeInTheDocument();
  });

  it('names the part number of each row to fix, and saves the rows as a CSV file with formulas kept as text', async () => {
    const { user } = renderPage(() => ({
      status: 200,
      body: report({
        errors: [
          { file: 'products', line: 3, partNumber: 'FA196HH', message: 'price: Enter a price above 0 with at most 2 decimals, such as 12.99' },
          { file: 'products', line: 5, message: 'partNumber is required: parts are matched by it' },
          { file: 'fitment', line: 7, partNumber: '=HYPERLINK("http://x.example")', message: 'The shop does not know the Yamaha R1, "or any R"' },
        ],
        errorCount: 3,
      }),
    }));
    const saved: Array<{ name: string; file: Blob }> = [];
    let made: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => {
      made = file as Blob;
      return 'blob:rows-to-fix';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, file: made! });
    });

    await user.upload(screen.getByLabelText('Products CSV'), PRODUCTS);
    await user.click(screen.getByRole('button', { name: 'Check files' }));
    const table = await screen.findByRole('table', { name: 'Rows to fix' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['File', 'Line', 'Part number', 'Reason']);
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(cells.map((row) => row[2])).toEqual(['FA196HH', '', '=HYPERLINK("http://x.example")']);

    await user.click(screen.getByRole('button', { name: 'Download the rows to fix (CSV)' }));
    expect(saved.map((file) => file.name)).toEqual(['rows-to-fix.csv']);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await saved[0]!.file.arrayBuffer());
    expect(text).toBe(
      [
        '\uFEFFFile,Line,Part number,Reason',
        'Products,3,FA196HH,"price: Enter a price above 0 with at most 2 decimals, such as 12.99"',
        'Products,5,,partNumber is required: parts are matched by it',
        `Fitment,7,"'=HYPERLINK(""http://x.example"")","The shop does not know the Yamaha R1, ""or any R"""`,
        '',
      ].join('\r\n'),
    );
    vi.restoreAllMocks();
  });

  it('imports once the check is clean, and says so', async () => {
    const { user, uploads } = renderPage(({ url }) => ({ status: 200, body: report({ written: !url.includes('check=true') }) }));
    await user.upload(screen.getByLabelText('Products CSV'), PRODUCTS);
    await user.click(screen.getByRole('button', { name: 'Check files' }));
    expect(await screen.findByText('Nothing is wrong: the files can be imported.')).toBeInTheDocument();
    expect(screen.getByText('2 new parts, 1 changed, 0 unchanged; fitment of 2 parts (5 rows), 2 to change.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findAllByText('Catalogue imported')).toHaveLength(2);
    expect(uploads.sent.map((sent) => sent.url)).toEqual(['/api/catalogue/import?check=true', '/api/catalogue/import']);
    expect(uploads.sent[1]!.form.get('fitment')).toBeNull();
  });

  it("choosing another file asks for a new check; a refused file shows the shop's message", async () => {
    const { user } = renderPage(({ form }) =>
      (form.get('products') as File).name === 'big.csv'
        ? { status: 413, body: { error: { code: 'PAYLOAD_TOO_LARGE', message: 'Each file may be at most 50 MB' }, requestId: 'r1' } }
        : { status: 200, body: report() },
    );
    await user.upload(screen.getByLabelText('Products CSV'), PRODUCTS);
    await user.click(screen.getByRole('button', { name: 'Check files' }));
    await screen.findByText('Nothing is wrong: the files can be imported.');
    await user.upload(screen.getByLabelText('Products CSV'), csv('big.csv', 'x'));
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Import' })).toHaveAccessibleDescription('Check your files first');
    await user.click(screen.getByRole('button', { name: 'Check files' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Each file may be at most 50 MB');
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });
});
