import { serviceReminderMessages } from '@shop/shared';
import { screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { StopRemindersPage } from './stop-reminders-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refused = (status: number, code: string, message: string, fieldErrors?: Record<string, string[]>) =>
  json({ error: { code, message, ...(fieldErrors ? { fieldErrors } : {}) }, requestId: 'r-1' }, status);

describe("a service reminder's 'Stop these emails' page", () => {
  const fetchMock = stubFetch();
  const open = (token: string | null) =>
    renderWithProviders(
      <StrictMode>
        <StopRemindersPage />
      </StrictMode>,
      { route: token === null ? '/service-emails/stop' : `/service-emails/stop?token=${encodeURIComponent(token)}` },
    );

  it('sends the link’s token once, with no sign-in, and says whose emails stopped', async () => {
    fetchMock.mockImplementation(async () => json({ bike: '2019 Yamaha MT-07' }));
    open('signed.token-1');
    expect(await screen.findByText('Service emails for your 2019 Yamaha MT-07 are stopped')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([String(url), init?.method, JSON.parse(String(init?.body))]).toEqual(['/api/garage/reminders/stop', 'POST', { token: 'signed.token-1' }]);
    expect(new Headers(init?.headers).get('authorization')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to My Garage' })).toHaveAttribute('href', '/garage');
  });

  it.each([
    ['a used link', refused(409, 'CONFLICT', serviceReminderMessages.linkUsed), serviceReminderMessages.linkUsed],
    ['a forged link', refused(422, 'VALIDATION_FAILED', 'Invalid input', { token: [serviceReminderMessages.linkInvalid] }), serviceReminderMessages.linkInvalid],
    ['a bike no longer in a garage', refused(404, 'NOT_FOUND', serviceReminderMessages.bikeGone), serviceReminderMessages.bikeGone],
  ])('says what the shop answers for %s', async (_case, answer, message) => {
    fetchMock.mockImplementation(async () => answer.clone());
    open(`token-${_case}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('asks nothing of the shop for a link without its token', async () => {
    open(null);
    expect(screen.getByRole('alert')).toHaveTextContent(serviceReminderMessages.linkInvalid);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
