import { PAGE_SIZE } from '@shop/shared';

/** SPEC section 9: page count = ceil(count / 6). */
export const getPageCount = (productCount: number, pageSize: number = PAGE_SIZE): number =>
  productCount > 0 ? Math.ceil(productCount / pageSize) : 0;
