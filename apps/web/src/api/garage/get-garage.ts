import type { GarageBike } from '@shop/shared';
import { api } from '@/lib/api-client';

/** GET /garage: the signed-in rider's bikes, oldest first. */
export const getGarage = ({ signal }: { signal?: AbortSignal } = {}) => api.get<GarageBike[]>('/garage', { signal });
