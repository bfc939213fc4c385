/** Every text of the My Orders page. SPEC strings are verbatim, spelling included. */
export const ordersCopy = {
  documentTitle: 'My Orders | Moto Parts',
  heading: 'My Orders',
  loading: 'Loading your orders',
  loadFailed: 'Your orders could not be loaded.',
  retry: 'Try again',
  empty: 'You have not ordered any parts yet.',
  browse: 'Browse Products',
  tableLabel: 'Your orders',
  columns: {
    order: 'Order',
    placed: 'Placed',
    parts: 'Parts',
    total: 'Total',
    state: 'State',
    actions: 'Actions',
  },
  state: {
    waiting: 'Unpaid',
    paid: 'Paid',
    shipped: 'Shipped',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
    transactionId: 'Transaction ID',
    trackingNumber: 'Tracking number',
    opensInNewTab: '(opens the carrier’s page in a new tab)',
    refundFailed: 'Refund failed',
  },
  /** One line of a purchase. */
  line: (quantity: number, part: string) => `${quantity} × ${part}`,
  pay: 'Pay',
  /** A purchase of several parts is paid and cancelled as a whole. */
  payCheckout: (lines: number) => `Pay for ${lines} parts`,
  cancelCheckout: (lines: number) => `Cancel all ${lines}`,
  reviewPart: 'Review this part',
  cancel: 'Cancel',
  confirm: {
    heading: 'Are You Sure You Want to Delete !',
    text: (quantity: number, part: string) =>
      `Your order of ${quantity} × ${part} will be cancelled and its pieces go back into stock.`,
    checkoutText: (lines: number) => `All ${lines} parts of this checkout will be cancelled together and their pieces go back into stock.`,
    confirm: 'Delete Order',
    cancel: 'Keep Order',
  },
  /** SPEC-3 section 4: a shipped line within its return window. */
  returnPart: 'Return',
  /** Until when the line can go back, under 'Return'. */
  returnBy: (day: string) => `Return by ${day}`,
  /** How many pieces one of the line's returns sends back, after its state ('Return requested'). */
  returnPieces: (quantity: number) => `${quantity} ${quantity === 1 ? 'piece' : 'pieces'}`,
  returnDialog: {
    heading: (part: string) => `Return ${part}`,
    intro: (left: number, day: string) =>
      `You can send back ${left === 1 ? '1 piece' : `up to ${left} pieces`} of this part until ${day}. Once we approve the return, we email you where to send it.`,
    quantity: 'Quantity',
    quantityHint: (left: number) => `up to ${left}`,
    reason: 'Reason',
    chooseReason: 'Choose a reason',
    comment: 'Comment',
    commentHint: 'optional',
    submit: 'Request return',
    cancel: 'Cancel',
    sent: 'Your return request has been sent. We will email you once it is approved.',
    failed: 'The return could not be requested.',
  },
  deleted: 'Delete Order successfully',
  failed: 'Something went wrong. Please try again.',
} as const;
