import { StopRemindersPage } from '@/features/garage/components/stop-reminders-page';

/** /service-emails/stop: a service reminder's 'Stop these emails' link. */
export function StopServiceEmailsRoute() {
  return <StopRemindersPage />;
}
