/** Every text the home page shows. SPEC strings are verbatim, spelling included. */
export const homeCopy = {
  documentTitle: 'Moto Parts | Motorbike Service Parts',
  pageHeading: 'Moto Parts: motorbike service parts and repairs',

  carousel: {
    label: 'Featured',
    previous: 'Previous slide',
    next: 'Next slide',
    slidePosition: (position: number, total: number) => `${position} of ${total}`,
    slides: [
      {
        image: '/static/carousel-1.webp',
        alt: 'A workshop bench with tools, a wheel and engine parts',
        headline: 'Genuine parts for every ride',
        text: 'Brakes, filters, chains and more, with clear prices and live stock.',
        cta: 'Browse Parts',
      },
      {
        image: '/static/carousel-2.webp',
        alt: 'A motorbike on an open road at night',
        headline: 'Keep your bike on the road',
        text: 'Cooling system and engine valve work by skilled mechanics.',
        cta: 'Explore services',
      },
      {
        image: '/static/carousel-3.webp',
        alt: 'Brake disc, brake pads, chain, piston and other service parts',
        headline: 'Serviced right, finished on time',
        text: 'Every service comes with a 3 days service warranty.',
        cta: 'Ask a mechanic',
      },
    ],
  },

  products: {
    heading: 'Get Service Parts',
  },

  trust: {
    heading: 'MILLION BUSINESS TRUST US',
    subheading: 'TRY TO UNDERSTAND USER EXPECTATION',
    question: 'Have any question about our product?',
    anyQuestions: 'Any Questions.',
    contactUs: 'Contact Us',
  },

  contact: {
    heading: 'Get in Touch',
    intro: 'Questions about a part, an order or a service? Write to us and we will answer by email.',
    name: 'Name',
    email: 'Email Address',
    phone: 'Phone',
    phoneHint: '(optional)',
    subject: 'Subject',
    message: 'Message',
    send: 'Send',
    sent: 'Thank you! Your message has been sent.',
    rateLimited: 'You have sent several messages in a short time. Please try again in a few minutes.',
    failed: 'Sorry, your message could not be sent. Please try again.',
  },

  reviews: {
    heading: 'All Customer Review',
    loading: 'Loading reviews',
    loadError: 'Sorry, the reviews could not be loaded.',
    reload: 'Reload reviews',
    empty: 'No reviews yet.',
    ratings: (ratings: string) => `Ratings: ${ratings}`,
  },

  services: {
    heading: 'Our Services',
    intro:
      'From routine servicing to engine work, our mechanics keep your motorbike safe on the road, with parts we stock ourselves.',
    /** SPEC section 3: the first card has no visible name; this one is for assistive technology. */
    unnamedCardTitle: 'Bike Repair and Services',
    cards: {
      cooling: 'Cooling System',
      valves: 'Engine Valves',
    },
    /** SPEC section 3: the description all three cards share. */
    features: ['Bike repair and services', '3 days service warranty', 'On-time work completion', 'Skilled and reliable'],
  },
} as const;
