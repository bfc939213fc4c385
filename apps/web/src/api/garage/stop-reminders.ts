import type { z } from 'zod';
import type { reminderStopAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

/** POST /garage/reminders/stop: the one-click 'Stop these emails' of a reminder, no sign-in; answers the bike. */
export const stopReminders = (token: string) => api.post<z.infer<typeof reminderStopAnswerSchema>>('/garage/reminders/stop', { body: { token } });
