import { chromium } from '@playwright/test';
const base = 'http://localhost:3300';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const ctx = await browser.newContext();
const page = await ctx.newPage();
const headers = { Origin: base };
await page.request.post(`${base}/api/auth/sign-in/email`, { data: { email: 'admin@example.com', password: 'admin-pass-123' }, headers });
const { token } = await (await page.request.put(`${base}/api/user/admin@example.com`, { data: { email: 'admin@example.com' }, headers })).json();
await page.goto(`${base}/blogs`);
await page.evaluate((t) => localStorage.setItem('accessToken', t), token);
for (const [w, h] of [[1280, 1600], [390, 2400]]) {
  await page.setViewportSize({ width: w, height: h });
  for (const days of [7, 90]) {
    await page.goto(`${base}/dashbord/sales?days=${days}`);
    await page.waitForSelector('canvas');
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots/sales-${days}-${w}.png`, fullPage: false });
  }
}
await browser.close();
