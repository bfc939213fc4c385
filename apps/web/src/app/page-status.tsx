import { createContext, useContext } from 'react';

/**
 * The HTTP status of a page rendered on the server: a page that shows "not found" says so, and the
 * server answers it with 404. In the browser there is no one to tell, and nothing happens.
 */
export const PageStatusContext = createContext<((status: number) => void) | null>(null);

/** Called while rendering: the server's answer for this page has `status`. */
export function usePageStatus(status: number): void {
  useContext(PageStatusContext)?.(status);
}
