/** Every text of Shop by bike and My Garage (SPEC-2 section 3 verbatim where it names them). */
export const garageCopy = {
  shopByBike: 'Shop by bike',
  make: 'Make',
  model: 'Model',
  year: 'Year',
  variant: 'Variant',
  chooseMake: 'Choose a make',
  chooseModel: 'Choose a model',
  chooseYear: 'Choose a year',
  standardVariant: 'Standard',
  addBike: 'Add bike',
  adding: 'Adding bike',
  pickerHint: 'Pick your bike to see only the parts that fit it.',
  noVehicles: 'No bikes are listed yet.',
  choicesError: 'The bikes could not be loaded.',
  /**
   * The bike line above a list: what the list holds, then the bike ('Showing parts that fit your
   * 2019 Honda CB500F', SPEC-2's banner). A phone shows the bike alone ('2019 Honda CB500F ·
   * Change · Show all parts'); screen readers always hear the whole sentence.
   */
  showing: {
    fitting: 'Showing parts that fit your',
    all: 'Showing all parts, each marked for your',
    unconfirmed: 'Showing parts not confirmed for your',
  },
  change: 'Change',
  showAll: 'Show all parts',
  showFitting: 'Show parts that fit',
  garage: {
    documentTitle: 'My Garage | Moto Parts',
    heading: 'My Garage',
    intro: 'Add the bikes you ride. The active bike filters the shop to the parts that fit it, on every device once you sign in.',
    empty: 'No bikes yet. Add your bike above to shop for parts that fit it.',
    active: 'Active',
    setActive: 'Set as active',
    remove: 'Remove',
    removed: (bike: string) => `${bike} removed from My Garage`,
    shopFor: (bike: string) => `Shop parts for your ${bike}`,
    bikesLabel: 'Your bikes',
    visitorNote: 'Your bikes are kept in this browser. Sign in to keep them on every device.',
  },
} as const;
