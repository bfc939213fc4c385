import type { GarageBikeService } from '@shop/shared';
import { api } from '@/lib/api-client';

/** GET /garage: the signed-in rider's bikes, oldest first, each with its odometer, services and next service. */
export const getGarage = ({ signal }: { signal?: AbortSignal } = {}) => api.get<GarageBikeService[]>('/garage', { signal });
