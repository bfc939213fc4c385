import { pagerLabels } from '@/components/ui/pager';

/** Every text of the admin's Returns page (SPEC-3 section 4). SPEC strings are verbatim. */
export const adminReturnsCopy = {
  documentTitle: 'Returns | Moto Parts',
  heading: 'Returns',
  loading: 'Loading returns',
  loadFailed: 'The returns could not be loaded.',
  retry: 'Try again',
  empty: 'No returns yet.',
  search: 'Search returns',
  searchPlaceholder: 'Order number, part or customer',
  noneFound: (q: string) => `No returns found for "${q}".`,
  noneOfStatus: 'No returns in this state.',
  tableLabel: 'Returns',
  statusFilter: {
    label: 'Status',
    all: 'All returns',
    options: { requested: 'Requested', approved: 'Approved', rejected: 'Rejected', received: 'Received', refunded: 'Refunded' },
  },
  count: (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'return' : 'returns'}`,
  pager: pagerLabels('Return pages'),
  columns: {
    order: 'Order',
    requested: 'Requested',
    customer: 'Customer',
    part: 'Part',
    reason: 'Reason',
    state: 'State',
    actions: 'Actions',
  },
  /** '1 of 4 × Brake Pad Set': the pieces going back of those bought. */
  part: (quantity: number, bought: number, part: string) => `${quantity} of ${bought} × ${part}`,
  /** A refunded return: what went back, and whether its pieces went back on the shelf. */
  refundedAmount: (amount: string) => `${amount} refunded`,
  restocked: 'back in stock',
  approve: 'Approve',
  reject: 'Reject',
  receive: 'Mark received',
  refund: 'Refund',
  /** Read after an action's name by screen readers. */
  actionFor: (part: string, customer: string) => `${part} for ${customer}`,
  failed: 'Something went wrong. Please try again.',
  approved: 'Return approved. The customer is emailed where to send the part.',
  received: 'Return marked received.',
  confirmApprove: {
    heading: 'Approve this return?',
    text: (quantity: number, part: string, customer: string) => `${customer} is emailed where to send ${quantity} × ${part}.`,
    confirm: 'Approve',
    cancel: 'Cancel',
  },
  confirmReceive: {
    heading: 'Mark this return received?',
    text: (quantity: number, part: string, customer: string) => `${quantity} × ${part} from ${customer} arrived at the shop; it can be refunded next.`,
    confirm: 'Mark received',
    cancel: 'Cancel',
  },
  rejectDialog: {
    heading: 'Reject this return?',
    text: (quantity: number, part: string, customer: string) => `${customer} is emailed the reason ${quantity} × ${part} cannot come back.`,
    reason: 'Reason',
    submit: 'Reject',
    cancel: 'Cancel',
    done: 'Return rejected. The customer is emailed the reason.',
    failed: 'The return could not be rejected.',
  },
  refundDialog: {
    heading: 'Refund this return?',
    text: (quantity: number, part: string, customer: string) => `The amount goes back to the card ${customer} paid with, for ${quantity} × ${part}.`,
    amount: 'Amount ($)',
    /** Under the amount: the most the purchase's payment still allows. */
    amountHint: (left: string) => `at most ${left}`,
    restock: 'Put back in stock',
    submit: 'Refund',
    cancel: 'Cancel',
    done: 'Return refunded.',
    failed: 'The return could not be refunded.',
  },
} as const;
