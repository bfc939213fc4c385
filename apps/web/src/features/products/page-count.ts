import { PAGE_SIZE } from '@shop/shared';

/** SPEC section 9: page count = ceil(count / 6). */
export const getPageCount = (productCount: number, pageSize: number = PAGE_SIZE): number =>
  productCount > 0 ? Math.ceil(productCount / pageSize) : 0;

/** Reads a one-based `?page=` value into a zero-based page index; anything else is the first page. */
export const parsePageParam = (value: string | null): number => {
  if (value === null || !/^\d{1,6}$/.test(value)) return 0;
  const page = Number(value);
  return page >= 1 ? page - 1 : 0;
};
