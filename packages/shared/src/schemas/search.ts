import { z } from 'zod';
import { SEARCH_PAGE_SIZE_MAX, SEARCH_TEXT_MAX } from '../constants.js';
import { SEARCH_SORTS, searchMessages } from '../search.js';
import { CATEGORY_NAME_MAX } from './category.js';
import { pageNumberParam, pageSizeUpTo } from './common.js';
import { BRAND_MAX, productSchema } from './product.js';
import { bikeFilterRefinement, bikeFilterShape, bikeMatchCountsShape } from './vehicle.js';

const filterValue = (max: number, name: string) => z.string().trim().max(max, `${name} must be at most ${max} characters`);

/** GET /search: the text, the filters, the sort and the page; an empty text lists every part that passes the filters. */
export const searchQuerySchema = z.object({
  q: z.string().max(SEARCH_TEXT_MAX, searchMessages.textTooLong).default(''),
  category: filterValue(CATEGORY_NAME_MAX, 'category').optional(),
  brand: filterValue(BRAND_MAX, 'brand').optional(),
  inStock: z
    .enum(['true', 'false', '1', '0'], { error: searchMessages.inStockFlag })
    .transform((flag) => flag === 'true' || flag === '1')
    .optional(),
  sort: z.enum(SEARCH_SORTS, { error: searchMessages.sortUnknown }).default('relevance'),
  page: pageNumberParam.optional(),
  size: pageSizeUpTo(SEARCH_PAGE_SIZE_MAX).optional(),
  ...bikeFilterShape,
}).refine(...bikeFilterRefinement);

export const facetCountSchema = z.object({ value: z.string(), count: z.number().int() });
export type FacetCount = z.infer<typeof facetCountSchema>;

export const searchAnswerSchema = z.object({
  total: z.number().int(),
  products: z.array(productSchema),
  facets: z.object({ category: z.array(facetCountSchema), brand: z.array(facetCountSchema) }),
  ...bikeMatchCountsShape,
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
