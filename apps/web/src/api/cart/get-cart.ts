import type { Cart } from '@shop/shared';
import { api } from '@/lib/api-client';

/** GET /cart: the signed-in customer's cart, each line checked against the catalogue now. */
export const getCart = ({ signal }: { signal?: AbortSignal } = {}) => api.get<Cart>('/cart', { signal });
