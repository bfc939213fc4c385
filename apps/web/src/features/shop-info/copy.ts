/** The shop's own pages: who we are and the terms people buy under. Plain words, as a rider would ask. */

export interface InfoSection {
  /** Anchor of the section, so a link can lead straight to it. */
  id: string;
  heading: string;
  paragraphs: readonly string[];
}

export interface InfoPageCopy {
  documentTitle: string;
  heading: string;
  intro: string;
  sections: readonly InfoSection[];
}

const UPDATED = 'Last updated 1 November 2026.';

export const shopInfoCopy = {
  updated: UPDATED,
  contactPrompt: 'Questions? Write to us with the',
  contactLink: 'contact form',
  onThisPage: 'On this page',
  pages: {
    about: {
      documentTitle: 'About Us | Moto Parts',
      heading: 'About Moto Parts',
      intro:
        'We are a small team of motorbike mechanics who got tired of waiting weeks for the right brake pad. Moto Parts sells the service parts we fit in our own workshop: pads, filters, chains, plugs, oils and the tools to fit them.',
      sections: [
        {
          id: 'what-we-sell',
          heading: 'What we sell',
          paragraphs: [
            'Service parts for road and off-road motorbikes, in the quantities a workshop or a careful owner uses. Some parts are sold from a minimum quantity, shown on every part; the order form will not take fewer.',
            'Every part shows how many we have on the shelf right now. When you confirm an order, those pieces are set aside for you until you pay or cancel.',
          ],
        },
        {
          id: 'how-ordering-works',
          heading: 'How ordering works',
          paragraphs: [
            'Sign in, choose a part, enter the quantity, your delivery address and phone, and confirm. You pay by card on the next page. An order not paid within the time shown on its payment page is cancelled and its pieces go back on the shelf.',
            'Paid orders are packed and handed to the carrier, usually on the next working day. My Orders shows where each order stands.',
          ],
        },
        {
          id: 'workshop',
          heading: 'Our workshop',
          paragraphs: [
            'Our mechanics service motorbikes of every make. The services on the home page are done in our own workshop and carry the service warranty.',
          ],
        },
      ],
    },
    warranty: {
      documentTitle: 'Warranty | Moto Parts',
      heading: 'Warranty',
      intro: 'Every part we sell and every service we do is covered. Here is what that means and how to use it.',
      sections: [
        {
          id: 'service',
          heading: 'Service warranty',
          paragraphs: [
            'Work done in our workshop is guaranteed for 12 months or 12,000 km, whichever comes first. If a fault comes from our work or a part we fitted, we put it right free of charge.',
          ],
        },
        {
          id: 'terms',
          heading: 'Warranty terms for parts',
          paragraphs: [
            'Parts are covered for 24 months from delivery against defects in materials and making. Wear parts (pads, chains, sprockets, filters, plugs) are covered against defects, not against normal wear.',
            'The warranty does not cover damage from wrong fitting, racing, accidents or parts used for something they were not made for.',
            'To claim, write to us with your order number, a short description and a photo of the part. We answer within two working days; a faulty part is replaced, or refunded if we cannot replace it. Your rights under consumer law are not affected.',
          ],
        },
      ],
    },
    returns: {
      documentTitle: 'Returns & Refunds | Moto Parts',
      heading: 'Returns & Refunds',
      intro: 'Ordered the wrong part or changed your mind? You can send it back.',
      sections: [
        {
          id: 'returns',
          heading: 'Returning a part',
          paragraphs: [
            'You may return unused parts in their original packaging within 30 days of delivery. Write to us first with your order number and the parts you are returning; we reply with the return address.',
            'Oils, fluids and parts that have been fitted cannot be returned unless they are faulty (see the warranty).',
          ],
        },
        {
          id: 'refunds',
          heading: 'Refunds',
          paragraphs: [
            'We refund the price of the returned parts to the card you paid with within 14 days of receiving them. If the part was faulty or we sent the wrong one, we also refund the delivery and pay for the return.',
            'An order you cancel before paying costs nothing: no money was taken.',
          ],
        },
      ],
    },
    privacy: {
      documentTitle: 'Privacy | Moto Parts',
      heading: 'Privacy',
      intro: 'We keep only what we need to sell you parts, and we do not sell or share it for advertising.',
      sections: [
        {
          id: 'what-we-keep',
          heading: 'What we keep',
          paragraphs: [
            'Your account: name, email address, password (stored only as a secure hash), and the phone number and photo you may add to your profile.',
            'Your orders: the parts, quantities and prices, the delivery address and phone you gave, and the payment reference. Card numbers are handled by our card processor and never reach our servers.',
            'Your reviews and the photos you add to them, which are shown on the shop with your name. Messages you send with the contact form.',
          ],
        },
        {
          id: 'cookies',
          heading: 'Cookies',
          paragraphs: ['One cookie keeps you signed in. We use no advertising or tracking cookies.'],
        },
        {
          id: 'requests',
          heading: 'Privacy requests',
          paragraphs: [
            'You may ask for a copy of what we hold about you, have it corrected, or have your account removed. Write to us with the contact form from the address of your account; we answer within 30 days. Orders must be kept for our accounts for as long as the law requires; everything else goes with your account.',
          ],
        },
      ],
    },
    terms: {
      documentTitle: 'Terms of Sale | Moto Parts',
      heading: 'Terms of Sale',
      intro: 'The terms every order is placed under.',
      sections: [
        {
          id: 'prices',
          heading: 'Prices and payment',
          paragraphs: [
            'Prices are in US dollars and include taxes. The price you pay is the one shown when you confirm the order, whatever changes later. Payment is by card on the order’s payment page.',
          ],
        },
        {
          id: 'orders',
          heading: 'Orders and stock',
          paragraphs: [
            'Some parts are sold from a minimum quantity. Confirming an order sets its pieces aside; an order not paid in time is cancelled and the pieces are released. An account can hold a limited number of unpaid orders at once, so no one can hold a part’s whole stock.',
            'Unpaid orders can be cancelled in My Orders. Paid orders cannot be cancelled there: write to us, or return the parts (see Returns & Refunds).',
          ],
        },
        {
          id: 'reviews',
          heading: 'Reviews',
          paragraphs: [
            'Reviews must be your own experience of the shop or its parts. We remove reviews that are abusive, off-topic or advertising.',
          ],
        },
      ],
    },
  },
} as const satisfies { pages: Record<string, InfoPageCopy> } & Record<string, unknown>;

export type InfoPageKey = keyof typeof shopInfoCopy.pages;
