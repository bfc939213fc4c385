export interface DemoReview {
  name: string;
  email: string;
  review: string;
  ratings: number;
  /** Seed and ground colour of the drawn avatar. */
  avatar: { seed: string; color: string };
}

/** Oldest first: the home page shows the latest three, so the last entries are the ones visitors see. */
export const demoReviews: readonly DemoReview[] = [
  {
    name: 'marcus webb',
    email: 'marcus.webb@example.com',
    review:
      'Ordered a full set of fork seals for my old naked bike. Right size, well packed, and the dust wipers fit snugly on the first try.',
    ratings: 4,
    avatar: { seed: 'marcus.webb', color: '#2f74c9' },
  },
  {
    name: 'priya nair',
    email: 'priya.nair@example.com',
    review:
      'The iridium plugs made a real difference to cold starts on my scooter. Minimum of four felt like a lot at first, but I run two bikes so it worked out.',
    ratings: 5,
    avatar: { seed: 'priya.nair', color: '#8e44ad' },
  },
  {
    name: 'tom okafor',
    email: 'tom.okafor@example.com',
    review:
      'Chain kit arrived two days after I paid. The rear sprocket bolt pattern matched exactly as described, which is more than I can say for other shops.',
    ratings: 5,
    avatar: { seed: 'tom.okafor', color: '#e07a2f' },
  },
  {
    name: 'elena garcia',
    email: 'elena.garcia@example.com',
    review:
      'Good brake pads for the price. They squealed a little for the first hundred kilometres, then bedded in and have been quiet and strong since.',
    ratings: 4,
    avatar: { seed: 'elena.garcia', color: '#d64533' },
  },
  {
    name: 'jonas lindqvist',
    email: 'jonas.lindqvist@example.com',
    review:
      'I run a small workshop and order filters and brake fluid every month. Stock levels are shown honestly, so I know what I can promise my customers.',
    ratings: 5,
    avatar: { seed: 'jonas.lindqvist', color: '#27a35a' },
  },
  {
    name: 'aisha rahman',
    email: 'aisha.rahman@example.com',
    review:
      'The silicone hose kit looks great and fits well. One clamp was a bit tight to open, so one star off, but I would buy it again.',
    ratings: 4,
    avatar: { seed: 'aisha.rahman', color: '#2c6db5' },
  },
  {
    name: 'daniel brooks',
    email: 'daniel.brooks@example.com',
    review:
      'Replaced notchy head bearings with the tapered kit and the steering feels new. Clear fitment notes saved me a trip to the dealer.',
    ratings: 5,
    avatar: { seed: 'daniel.brooks', color: '#c9a227' },
  },
  {
    name: 'sofia rossi',
    email: 'sofia.rossi@example.com',
    review:
      'Quick checkout, card payment went through first time and the order was marked shipped the next morning. The levers look even better in person.',
    ratings: 5,
    avatar: { seed: 'sofia.rossi', color: '#2e9e6b' },
  },
];
