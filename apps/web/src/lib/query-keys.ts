/**
 * First elements of the query keys whose data more than one feature shows or changes. An order
 * changes the stock that every product view shows and the order lists the customer and the
 * admin see; invalidating a root refreshes all of them without the features knowing each other.
 */
export const queryRoots = {
  /** Products in any form: catalogue pages (['products', {page, size}]), one product, admin lists. */
  products: 'products',
  /** Orders in any form: one customer's list, one order, every order. */
  orders: 'orders',
} as const;
