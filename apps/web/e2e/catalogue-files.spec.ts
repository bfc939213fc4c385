import { readFile } from 'node:fs/promises';
import { ADMIN, api, expect, signIn, test } from './fixtures';

const HEADER = 'name,decreption,price,quantity,minimum,category,brand,partNumber,oemNumbers,img';
const csv = (name: string, content: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });

test.describe('catalogue import and export', () => {
  // Two checks of the files, an import and a search: a long journey.
  test.describe.configure({ timeout: 90_000 });
  test('an admin imports a CSV with an error, reads its line, fixes it, imports, and finds the parts with their fitment', async ({ page }) => {
    const token = await signIn(page, ADMIN);
    const stamp = Date.now().toString(36).toUpperCase();
    const rows = (price: string) =>
      [
        HEADER,
        `Import Test Sprocket ${stamp},"Steel rear sprocket, 42 teeth.",24.90,30,1,Chains & Sprockets,JT,IMP-${stamp}-1,,`,
        `Import Test Pads ${stamp},Sintered front pads.,${price},12,2,Brakes,EBC,IMP-${stamp}-2,,`,
      ].join('\r\n');
    const fitment = ['partNumber,make,model,yearFrom,yearTo,note', `IMP-${stamp}-1,Yamaha,MT-07,,,rear`, `IMP-${stamp}-2,Yamaha,MT-07,2018,,front`].join('\n');

    await page.goto('/dashbord/importProducts');
    await expect(page.getByRole('heading', { name: 'Import Products' })).toBeVisible();
    await page.getByLabel('Products CSV').setInputFiles(csv('products.csv', rows('twelve')));
    await page.getByLabel('Fitment CSV').setInputFiles(csv('fitment.csv', fitment));
    await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveAccessibleDescription('Check your files first');
    await page.getByRole('button', { name: 'Check files' }).click();
    const problems = page.getByRole('table', { name: 'Rows to fix' });
    await expect(problems.getByRole('row', { name: new RegExp(`Products 3 IMP-${stamp}-2 price:`) })).toBeVisible();
    await expect(page.getByText('1 row needs fixing. Nothing has been written.')).toBeVisible();
    // The rows to fix, saved as a file to open beside the spreadsheet.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the rows to fix (CSV)' }).click()]);
    expect(download.suggestedFilename()).toBe('rows-to-fix.csv');
    const saved = await readFile((await download.path())!, 'utf8');
    expect(saved.split('\r\n').slice(0, 2)).toEqual(['\uFEFFFile,Line,Part number,Reason', expect.stringMatching(new RegExp(`^Products,3,IMP-${stamp}-2,"?price: `))]);
    await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    expect((await (await page.request.get(api(`/search?q=IMP-${stamp}-1`))).json()).total).toBe(0);

    // Fixed, and saved as Excel saves it in Germany: semicolons, Windows-1252 ('ä' one byte), decimal commas.
    const european = [
      HEADER.replaceAll(',', ';'),
      `Import Test Sprocket ${stamp};Stahl-Kettenrad, 42 Zähne.;24,90;30;1;Chains & Sprockets;JT;IMP-${stamp}-1;;`,
      `Import Test Pads ${stamp};Sinterbeläge vorne.;39,50;12;2;Brakes;EBC;IMP-${stamp}-2;;`,
    ].join('\r\n');
    await page.getByLabel('Products CSV').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(european, 'latin1') });
    await page.getByRole('button', { name: 'Check files' }).click();
    await expect(page.getByText('Nothing is wrong: the files can be imported.')).toBeVisible();
    await expect(page.getByText(/^2 new parts, 0 changed, 0 unchanged; fitment of 2 parts \(2 rows\), 2 to change\.$/)).toBeVisible();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('Catalogue imported').first()).toBeVisible();

    await page.goto(`/search?q=${encodeURIComponent(`Import Test Pads ${stamp}`)}`);
    await page.getByRole('link', { name: `Import Test Pads ${stamp}` }).first().click();
    await expect(page.getByTestId('part-price')).toHaveText('$39.50');
    await expect(page.getByText('Sinterbeläge vorne.')).toBeVisible();
    await expect(page.getByRole('table').getByRole('row', { name: /Yamaha MT-07 2018–2024 front/ })).toBeVisible();

    // Both files come back out, the new parts in them; the parts go again after the test.
    const exported = await page.request.get(api('/catalogue/products.csv'), { headers: { Authorization: `Bearer ${token}` } });
    expect(await exported.text()).toContain(`IMP-${stamp}-2`);
    for (const number of [1, 2]) {
      const { products } = (await (await page.request.get(api(`/search?q=IMP-${stamp}-${number}`))).json()) as { products: Array<{ _id: string; partNumber: string }> };
      const part = products.find((product) => product.partNumber === `IMP-${stamp}-${number}`)!;
      await page.request.delete(api(`/products/${part._id}`), { headers: { Authorization: `Bearer ${token}` } });
    }
  });
});
