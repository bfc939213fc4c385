import { dollarsToCents, type NextService, nextServiceText, type ServiceKit, type ServiceKitLine, serviceReminderLinks, serviceReminderMessages } from '@shop/shared';
import { emailMoney } from '../../lib/email-money.js';
import type { MailMessage } from '../../lib/mailer.js';

/** The kit's prices are in dollars. */
const money = (dollars: number) => emailMoney(dollarsToCents(dollars));

/** '2 x Motul 7100 10W-40 1 l, $12.99 each (3.2 l with filter)', then what stands in when it is out of stock. */
function kitLine(line: ServiceKitLine): string {
  const note = line.note ? ` (${line.note})` : '';
  if (line.price === null) return `${line.quantity} x ${line.name}${note}: no longer sold`;
  const text = `${line.quantity} x ${line.name}, ${money(line.price)} each${note}`;
  if (line.inStock) return text;
  const instead = line.alternative ? `; instead: ${line.alternative.name}, ${money(line.alternative.price)} each` : '';
  return `${text}: Out of stock${instead}`;
}

/**
 * The email of one due service (SPEC-3 section 5): the next service, the kit as the shop prices
 * and stocks it now, its total, the link that adds it to the cart after sign-in, and the
 * one-click 'Stop these emails' link, also in the List-Unsubscribe headers mail apps show as a
 * button (RFC 8058: their POST carries `List-Unsubscribe=One-Click` and the token in the address).
 */
export function serviceReminderEmail({
  to,
  customerName,
  bike,
  bikeId,
  next,
  kit,
  token,
  publicUrl,
}: {
  to: string;
  customerName: string;
  /** '2019 Yamaha MT-07' */
  bike: string;
  bikeId: string;
  next: NextService;
  kit: ServiceKit;
  token: string;
  publicUrl: string;
}): MailMessage {
  const stopApi = `${publicUrl}/api/garage/reminders/stop?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: serviceReminderMessages.subject(bike),
    text: [
      `Hello ${customerName},`,
      '',
      `Your ${bike} is due for a service. ${nextServiceText(next)}.`,
      '',
      'Its service kit:',
      ...kit.lines.map(kitLine),
      `Total: ${money(kit.total)}`,
      '',
      'Add the kit to your cart (you sign in first if you are not):',
      serviceReminderLinks.addKit(publicUrl, bikeId),
      '',
      `Stop these emails: ${serviceReminderLinks.stop(publicUrl, token)}`,
      '',
      'Moto Parts',
    ].join('\n'),
    headers: { 'List-Unsubscribe': `<${stopApi}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
