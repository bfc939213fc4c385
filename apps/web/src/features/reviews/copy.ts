/** Every text of the customer's Add Review page. SPEC strings are verbatim, spelling included. */
export const reviewsCopy = {
  add: {
    documentTitle: 'Add Review | Moto Parts',
    heading: 'Add Review',
    intro: 'Tell other riders about our parts and service. Your review is shown on the home page with your name and this photo.',
    review: 'Review',
    ratings: 'Ratings',
    ratingsHint: '1-5',
    stars: (count: number) => (count === 1 ? '1 star' : `${count} stars`),
    image: 'Image',
    imageHint: 'JPEG, PNG, WebP, GIF or AVIF, up to 5 MB',
    submit: 'Add Review',
    added: 'Review added Successful.',
    failed: 'Failed to add Review',
    ofPart: 'Your review of',
    partIntro: 'Shown on the part’s page with your name, this photo and ‘Verified purchase’.',
  },
} as const;
