import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

describe('query keys', () => {
  it("caches reviews under SPEC's 'getreviews'", () => {
    expect(queryKeys.reviews.latest(3)).toEqual(['getreviews', { latest: 3 }]);
    expect(queryKeys.reviews.page({ page: 1, size: 20, q: '' })).toEqual(['getreviews', 'page', { page: 1, size: 20, q: '' }]);
  });

  it('starts every view of a resource with its root, so one invalidation reaches them all', () => {
    const startsWith = (key: readonly unknown[], root: readonly unknown[]) => expect(key.slice(0, root.length)).toEqual(root);
    startsWith(queryKeys.products.page({ page: 0, size: 6 }), queryKeys.products.all);
    startsWith(queryKeys.products.detail('p1'), queryKeys.products.all);
    startsWith(queryKeys.orders.every({ q: 'brake', status: 'paid', page: 1, size: 20 }), queryKeys.orders.all);
    startsWith(queryKeys.orders.count({ q: 'brake', status: undefined }), queryKeys.orders.all);
    startsWith(queryKeys.users.list('hana'), queryKeys.users.all);
    startsWith(queryKeys.products.search({ q: 'oil' }), queryKeys.products.all);
    startsWith(queryKeys.reviews.product('p1'), queryKeys.reviews.all);
    startsWith(queryKeys.orders.customer('sam@example.com'), queryKeys.orders.all);
    startsWith(queryKeys.orders.detail('o1'), queryKeys.orders.all);
    startsWith(queryKeys.reviews.latest(3), queryKeys.reviews.all);
    const bike = { vehicle: 'v1', year: 2019 };
    startsWith(queryKeys.products.page({ page: 0, size: 6, bike }), queryKeys.products.all);
    startsWith(queryKeys.products.bikeCount(bike), queryKeys.products.all);
    startsWith(queryKeys.products.fitment('p1'), queryKeys.products.all);
    startsWith(queryKeys.vehicles.models('Yamaha'), queryKeys.vehicles.all);
  });

  it('gives the storefront and Manage Products one key per page of the same size', () => {
    expect(queryKeys.products.page({ page: 2, size: 6 })).toEqual(['products', { page: 2, size: 6 }]);
    expect(queryKeys.products.count).toEqual(['productCount']);
  });
});
