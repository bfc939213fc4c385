import { api } from '@/lib/api-client';

/** POST /garage: adds the bike (or finds it there) and, with `active`, makes it the active one. */
export const addGarageBike = (bike: { vehicleId: string; year: number; active?: boolean }) =>
  api.post<{ insertedId: string }>('/garage', { body: bike });

/** DELETE /garage/{id}: the newest other bike becomes active if this one was. */
export const removeGarageBike = (id: string) => api.delete<unknown>(`/garage/${encodeURIComponent(id)}`);

/** PATCH /garage/{id}: 'Email me when a service is due' on or off. */
export const setGarageReminders = (id: string, reminders: boolean) => api.patch<unknown>(`/garage/${encodeURIComponent(id)}`, { body: { reminders } });
