/** Reads a one-based `?page=` value into a zero-based page index; anything else is the first page. */
export const parsePageParam = (value: string | null): number =>
  value !== null && /^[1-9]\d{0,5}$/.test(value) ? Number(value) - 1 : 0;

/** The search params of a zero-based page: none for the first page, `?page=` one-based for the rest. */
export const pageSearchParams = (page: number): Record<string, string> => (page > 0 ? { page: String(page + 1) } : {});
