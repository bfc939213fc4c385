import type { Insertable, Selectable } from 'kysely';

export interface ProductTable {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  quantity: number;
  minimum: number;
  img: string;
  created_at: string;
  updated_at: string;
}

export interface ReviewTable {
  id: string;
  user_id: string | null;
  name: string;
  email: string;
  review: string;
  ratings: number;
  img: string;
  created_at: string;
}

export type OrderStatus = 'waiting' | 'paid' | 'shipped' | 'cancelled';

export interface OrderTable {
  id: string;
  user_id: string;
  product_id: string;
  customer_name: string;
  email: string;
  tool_name: string;
  unit_price_cents: number;
  quantity: number;
  total_cents: number;
  location: string;
  phone: string;
  status: OrderStatus;
  transaction_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  created_at: string;
}

export interface RateLimitTable {
  key: string;
  count: number;
  reset_at: number;
}

export interface Database {
  rate_limits: RateLimitTable;
  products: ProductTable;
  reviews: ReviewTable;
  orders: OrderTable;
  contact_messages: ContactMessageTable;
}

export type ProductRow = Selectable<ProductTable>;
export type NewProductRow = Insertable<ProductTable>;
export type ReviewRow = Selectable<ReviewTable>;
export type NewReviewRow = Insertable<ReviewTable>;
