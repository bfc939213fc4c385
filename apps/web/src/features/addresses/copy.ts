import { addressMessages } from '@shop/shared';

/** Every text of My Addresses (SPEC-3 section 1 verbatim where it names them). */
export const addressesCopy = {
  documentTitle: 'My Addresses | Moto Parts',
  heading: 'My Addresses',
  intro: 'Where your parts go. The default address fills the purchase page and checkout for you.',
  loading: 'Loading your addresses',
  loadFailed: 'Your addresses could not be loaded.',
  retry: 'Try again',
  listLabel: 'Your addresses',
  empty: 'No saved addresses yet. Add one to fill in your delivery in one step.',
  default: 'Default',
  fields: {
    ...addressMessages.labels,
    optional: 'optional',
    chooseCountry: 'Choose a country',
    chooseRegion: 'Choose a region',
  },
  add: {
    open: 'Add address',
    heading: 'Add address',
    submit: 'Save address',
    added: 'Address saved',
    failed: 'The address could not be saved.',
  },
  edit: {
    open: 'Edit',
    heading: 'Edit address',
    submit: 'Save changes',
    saved: 'Address saved',
    failed: 'The address could not be saved.',
  },
  cancel: 'Cancel',
  makeDefault: {
    label: 'Make default',
    done: 'Default address changed',
    failed: 'The default address could not be changed.',
  },
  remove: {
    label: 'Remove',
    done: 'Address removed',
    failed: 'The address could not be removed.',
    confirm: {
      heading: 'Remove this address?',
      text: (name: string) => `${name} will no longer be offered on the purchase page and checkout.`,
      confirm: 'Remove',
      cancel: 'Cancel',
    },
  },
} as const;
