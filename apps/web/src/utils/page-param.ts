/** Reads a one-based `?page=` value into a zero-based page index; anything else is the first page. */
export const parsePageParam = (value: string | null): number =>
  value !== null && /^[1-9]\d{0,5}$/.test(value) ? Number(value) - 1 : 0;

/** The search params of a zero-based page: none for the first page, `?page=` one-based for the rest. */
export const pageSearchParams = (page: number): Record<string, string> => (page > 0 ? { page: String(page + 1) } : {});

/** The address's params with its page changed to a zero-based page, every other choice kept. */
export function withPage(current: URLSearchParams, page: number): URLSearchParams {
  const params = new URLSearchParams(current);
  params.delete('page');
  for (const [name, value] of Object.entries(pageSearchParams(page))) params.set(name, value);
  return params;
}
