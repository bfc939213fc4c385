import { serviceReminderMessages } from '@shop/shared';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { stopReminders } from '@/api/garage/stop-reminders';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { garageCopy } from '../copy';

const copy = garageCopy.stopEmails;

type Outcome = { stopped: true; message: string } | { stopped: false; message: string };

/**
 * Each link's one request, whatever mounts the page again (StrictMode, a remount): the shop
 * answers a second request for a used link with 'used already', not with the bike.
 */
const requests = new Map<string, Promise<Outcome>>();

function stop(token: string): Promise<Outcome> {
  let request = requests.get(token);
  if (!request) {
    request = stopReminders(token).then(
      ({ bike }): Outcome => ({ stopped: true, message: serviceReminderMessages.stopped(bike) }),
      (error: unknown): Outcome => ({
        stopped: false,
        message: isApiError(error) ? (error.fieldErrors?.token?.[0] ?? error.message) : copy.failed,
      }),
    );
    requests.set(token, request);
  }
  return request;
}

/** The page of a reminder's 'Stop these emails' link: it stops them at once, with no sign-in, and says so. */
export function StopRemindersPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome | null>(token === '' ? { stopped: false, message: serviceReminderMessages.linkInvalid } : null);

  useEffect(() => {
    if (token === '') return;
    let current = true;
    void stop(token).then((answer) => {
      if (current) setOutcome(answer);
    });
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-10 sm:py-12">
      <title>{copy.documentTitle}</title>
      <h1 className="text-3xl font-bold">{copy.heading}</h1>
      {outcome === null ? (
        <p role="status" className="flex items-center gap-2">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          {copy.stopping}
        </p>
      ) : (
        <p role={outcome.stopped ? 'status' : 'alert'} className={`rounded-box border p-4 font-medium ${outcome.stopped ? 'border-green-300 bg-green-50 text-green-900' : 'border-red-300 bg-red-50 text-red-800'}`}>
          {outcome.message}
        </p>
      )}
      <Link to={paths.garage.getHref()} className="btn btn-outline self-start">
        {copy.toGarage}
      </Link>
    </div>
  );
}
