import type { Cart } from '@shop/shared';
import { api } from '@/lib/api-client';

/** One line as the shop takes it: the part and how many. */
export interface CartLineInput {
  productId: string;
  quantity: number;
}

/** PUT /cart: replaces the signed-in customer's cart and answers it checked. */
export const putCart = (lines: CartLineInput[]) => api.put<Cart>('/cart', { body: { lines } });
