import { pagerLabels } from '@/components/ui/pager';

/** Every text of the Manage All Orders page. SPEC strings are verbatim, spelling included. */
export const adminOrdersCopy = {
  documentTitle: 'Manage All Orders | Moto Parts',
  heading: 'Manage All Orders',
  loading: 'Loading orders',
  loadFailed: 'The orders could not be loaded.',
  retry: 'Try again',
  empty: 'No orders yet.',
  search: 'Search orders',
  searchPlaceholder: 'Order number, customer, part or phone',
  noneFound: (q: string) => `No orders found for "${q}".`,
  tableLabel: 'All orders',
  /** SPEC-2 section 6's status filter. */
  statusFilter: {
    label: 'Status',
    all: 'All orders',
    options: { waiting: 'Waiting for payment', paid: 'Paid', shipped: 'Shipped', cancelled: 'Cancelled', refunded: 'Refunded' },
  },
  count: (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'order' : 'orders'}`,
  noneOfStatus: 'No orders in this state.',
  exportCsv: 'Export CSV',
  exportFailed: 'The orders could not be exported. Please try again.',
  pager: pagerLabels('Order pages'),
  columns: {
    order: 'Order',
    customer: 'Customer',
    email: 'Email',
    placed: 'Placed',
    part: 'Part',
    total: 'Total',
    state: 'State',
    action: 'Action',
  },
  state: {
    waiting: 'Unpaid',
    paid: 'Paid',
    shipped: 'Deliverd',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
    transactionId: 'Transaction ID',
    trackingNumber: 'Tracking number',
    opensInNewTab: '(opens the carrier’s page in a new tab)',
    refundFailed: 'Refund failed',
  },
  shifting: 'Shifting',
  shiftingFor: (part: string, customer: string) => `Shifting ${part} for ${customer}`,
  shifted: 'Order get to Shifting.',
  failed: 'Something went wrong. Please try again.',
  /** A purchase's paid, unshipped lines as one parcel; shipping one line stays 'Shifting' in its row. */
  shipAll: (lines: number) => `Ship all ${lines}`,
  shippedAll: 'All parts of the order are on their way.',
  confirmShipAll: {
    heading: 'Ship all as one parcel?',
    text: (lines: number, number: string, customer: string) =>
      `The ${lines} paid parts of order ${number} for ${customer} not yet shipped leave together, with one carrier and tracking number; ${customer} gets one email.`,
    confirm: 'Yes, Ship all',
    cancel: 'Cancel',
  },
  shipment: { carrier: 'Carrier', trackingNumber: 'Tracking number', optional: 'optional' },
  refund: 'Refund',
  /** Read after 'Refund' by screen readers. */
  refundFor: (part: string, customer: string) => `${part} for ${customer}`,
  refunded: 'Order refunded.',
  refundCheckout: 'Refund checkout',
  /** Read after 'Refund checkout' by screen readers. */
  refundCheckoutFor: (customer: string) => `of ${customer}, every line not yet shipped`,
  checkoutRefunded: 'Checkout refunded.',
  confirmRefundCheckout: {
    heading: 'Refund the whole checkout?',
    text: (customer: string) =>
      `Every paid line of this checkout not yet shipped goes back to the card ${customer} paid with, each by its own amount; the parts go back on the shelf.`,
    confirm: 'Yes, Refund all',
    cancel: 'Cancel',
  },
  confirmRefund: {
    heading: 'Refund this order?',
    text: (total: string, quantity: number, part: string, customer: string) =>
      `${total} goes back to the card ${customer} paid with, for ${quantity} × ${part}; the parts go back on the shelf.`,
    confirm: 'Yes, Refund',
    cancel: 'Cancel',
  },
  confirm: {
    heading: 'Are you Sure For Shifting?',
    text: (quantity: number, part: string, customer: string) => `${quantity} × ${part} for ${customer} will be marked as on the way.`,
    confirm: 'Yes, Shift',
    cancel: 'Cancel',
  },
} as const;
