/** What a placement answers about its total: what it charges, and whether that differs from the total the customer saw. */
export interface PlacedTotal {
  total?: number | undefined;
  totalChanged?: boolean | undefined;
}

/** The payment page is told, through the navigation, of a total that changed since the customer saw it. */
interface ChangedTotalState {
  changedTotal: number;
}

/** The navigation state that takes a changed total to the payment page; none when the total is the one shown. */
export const changedTotalState = (answer: PlacedTotal): ChangedTotalState | undefined =>
  answer.totalChanged && answer.total !== undefined ? { changedTotal: answer.total } : undefined;

/** The changed total the placement sent along, or null. */
export const readChangedTotal = (state: unknown): number | null =>
  typeof state === 'object' && state !== null && 'changedTotal' in state && typeof state.changedTotal === 'number' ? state.changedTotal : null;
