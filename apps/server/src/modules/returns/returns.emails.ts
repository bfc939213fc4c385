import { formatOrderNumber } from '@shop/shared';
import type { OrderRow, ReturnMailKind, ReturnRow } from '../../db/schema.js';

/** Where the customer sends an approved return, and whose name the emails are signed with (the shop's settings). */
export interface ReturnShop {
  shopName: string;
  shopAddress: string;
}

export interface ReturnMailFacts {
  order: OrderRow;
  returned: Pick<ReturnRow, 'quantity' | 'reject_reason'>;
  shop: ReturnShop;
  myOrdersUrl: string;
}

/** '2 x Brake pads from order #10234'. */
const pieces = ({ order, returned }: ReturnMailFacts) => `${returned.quantity} x ${order.tool_name} from order ${formatOrderNumber(order.purchase_number)}`;

/** The emails of a return's steps (SPEC-3 section 4); its refund is told by the line's 'refunded' email, with the credit note. */
export const returnEmails: Record<ReturnMailKind, (facts: ReturnMailFacts) => { subject: string; text: string }> = {
  /** Where to send the part: the shop's name and address. */
  'return-approved': (facts) => {
    const { order, shop, myOrdersUrl } = facts;
    const address = [shop.shopName, shop.shopAddress.trim()].filter(Boolean).join('\n');
    return {
      subject: `Your return for order ${formatOrderNumber(order.purchase_number)} is approved`,
      text: `Hello ${order.customer_name},\n\nWe approved the return of ${pieces(facts)}. Please send the part to:\n\n${address}\n\nPut the order number ${formatOrderNumber(order.purchase_number)} in the parcel. We will tell you when it arrives, and refund you once we have checked it.\n\nYour orders: ${myOrdersUrl}\n\n${shop.shopName}`,
    };
  },
  'return-rejected': (facts) => {
    const { order, returned, shop, myOrdersUrl } = facts;
    return {
      subject: `Your return for order ${formatOrderNumber(order.purchase_number)} was rejected`,
      text: `Hello ${order.customer_name},\n\nWe cannot accept the return of ${pieces(facts)}: ${returned.reject_reason ?? ''}\n\nThe part stays yours: please do not send it to us.\n\nYour orders: ${myOrdersUrl}\n\n${shop.shopName}`,
    };
  },
  'return-received': (facts) => {
    const { order, shop, myOrdersUrl } = facts;
    return {
      subject: `We received your return for order ${formatOrderNumber(order.purchase_number)}`,
      text: `Hello ${order.customer_name},\n\nYour return of ${pieces(facts)} has arrived. We will check the part and email you when we refund it.\n\nYour orders: ${myOrdersUrl}\n\n${shop.shopName}`,
    };
  },
};
