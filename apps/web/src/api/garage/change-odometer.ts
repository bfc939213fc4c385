import type { z } from 'zod';
import type { odometerReadingInputSchema, serviceDoneInputSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

export type OdometerReadingInput = z.output<typeof odometerReadingInputSchema>;
export type ServiceDoneInput = z.output<typeof serviceDoneInputSchema>;
/** The two kinds of entry a garage bike keeps, by their paths. */
export type OdometerEntryPath = 'readings' | 'services';

const bikePath = (bikeId: string, entries: OdometerEntryPath) => `/garage/${encodeURIComponent(bikeId)}/${entries}`;

/** POST /garage/{bikeId}/readings: an 'Odometer (km)' reading, today unless `readOn` says another day. */
export const addOdometerReading = (bikeId: string, reading: OdometerReadingInput) => api.post<{ insertedId: string }>(bikePath(bikeId, 'readings'), { body: reading });

/** POST /garage/{bikeId}/services: 'Service done', its day and the km. */
export const addServiceDone = (bikeId: string, service: ServiceDoneInput) => api.post<{ insertedId: string }>(bikePath(bikeId, 'services'), { body: service });

/** DELETE /garage/{bikeId}/readings/{id} or /services/{id}. */
export const removeOdometerEntry = (bikeId: string, entries: OdometerEntryPath, id: string) => api.delete<unknown>(`${bikePath(bikeId, entries)}/${encodeURIComponent(id)}`);
