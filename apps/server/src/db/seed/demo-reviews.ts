export interface DemoReview {
  name: string;
  email: string;
  review: string;
  ratings: number;
  /** Seed and ground colour of the drawn avatar. */
  avatar: { seed: string; color: string };
  /** The demo part it reviews (its name); none for a review of the shop. */
  part?: string;
}

/** Oldest first: the home page shows the latest three, so the last entries are the ones visitors see. */
export const demoReviews: readonly DemoReview[] = [
  {
    name: 'liam carter',
    email: 'liam.carter@example.com',
    review: 'Same filter the dealer fits, for half the price. The nut on the can makes it easy to get off next time.',
    ratings: 5,
    avatar: { seed: 'liam.carter', color: '#c0392b' },
    part: 'Spin-On Oil Filter, 65 mm',
  },
  {
    name: 'noor haddad',
    email: 'noor.haddad@example.com',
    review: 'Fits my CB500F perfectly. I buy two at a time so one is always on the shelf for the next service.',
    ratings: 5,
    avatar: { seed: 'noor.haddad', color: '#16a085' },
    part: 'Spin-On Oil Filter, 65 mm',
  },
  {
    name: 'ben schulz',
    email: 'ben.schulz@example.com',
    review: 'Good filter, but the seal was dry out of the box: oil it before fitting.',
    ratings: 4,
    avatar: { seed: 'ben.schulz', color: '#34495e' },
    part: 'Spin-On Oil Filter, 65 mm',
  },
  {
    name: 'hana sato',
    email: 'hana.sato@example.com',
    review: 'Strong bite from cold and in the rain. Bedded in after about fifty kilometres of gentle stops.',
    ratings: 5,
    avatar: { seed: 'hana.sato', color: '#e74c3c' },
    part: 'Sintered Front Brake Pads (Pair)',
  },
  {
    name: 'owen price',
    email: 'owen.price@example.com',
    review: 'A bit more dust on the wheels than the organic pads I had, but far better stopping when loaded up for touring.',
    ratings: 4,
    avatar: { seed: 'owen.price', color: '#7f8c8d' },
    part: 'Sintered Front Brake Pads (Pair)',
  },
  {
    name: 'grace kim',
    email: 'grace.kim@example.com',
    review: 'Idle is steadier and the bike starts on the first press, even on frosty mornings.',
    ratings: 5,
    avatar: { seed: 'grace.kim', color: '#9b59b6' },
    part: 'Iridium Spark Plug, 10 mm Thread',
  },
  {
    name: 'mateo silva',
    email: 'mateo.silva@example.com',
    review: 'Chain and both sprockets in one box, and the master link is the rivet type as it should be. Check your sprocket teeth before ordering.',
    ratings: 4,
    avatar: { seed: 'mateo.silva', color: '#d35400' },
    part: 'Chain and Sprocket Kit 525, 16/45 Teeth',
  },
  {
    name: 'marcus webb',
    email: 'marcus.webb@example.com',
    review:
      'Ordered a full set of fork seals for my old naked bike. Right size, well packed, and the dust wipers fit snugly on the first try.',
    ratings: 4,
    avatar: { seed: 'marcus.webb', color: '#2f74c9' },
    part: 'Fork Oil Seal and Dust Seal Set, 41 mm',
  },
  {
    name: 'priya nair',
    email: 'priya.nair@example.com',
    review:
      'The iridium plugs made a real difference to cold starts on my CB500F. Minimum of four felt like a lot at first, but I run two bikes so it worked out.',
    ratings: 5,
    avatar: { seed: 'priya.nair', color: '#8e44ad' },
    part: 'Iridium Spark Plug, 10 mm Thread',
  },
  {
    name: 'tom okafor',
    email: 'tom.okafor@example.com',
    review:
      'Chain kit arrived two days after I paid. The rear sprocket bolt pattern matched exactly as described, which is more than I can say for other shops.',
    ratings: 5,
    avatar: { seed: 'tom.okafor', color: '#e07a2f' },
    part: 'Chain and Sprocket Kit 525, 16/45 Teeth',
  },
  {
    name: 'elena garcia',
    email: 'elena.garcia@example.com',
    review:
      'Good brake pads for the price. They squealed a little for the first hundred kilometres, then bedded in and have been quiet and strong since.',
    ratings: 4,
    avatar: { seed: 'elena.garcia', color: '#d64533' },
    part: 'Sintered Front Brake Pads (Pair)',
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
    part: 'Silicone Radiator Hose Kit, 3 Pieces',
  },
  {
    name: 'daniel brooks',
    email: 'daniel.brooks@example.com',
    review:
      'Replaced notchy head bearings with the tapered kit and the steering feels new. Clear fitment notes saved me a trip to the dealer.',
    ratings: 5,
    avatar: { seed: 'daniel.brooks', color: '#c9a227' },
    part: 'Tapered Steering Head Bearing Kit',
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
