/** Every text of the admin's Manage Vehicles page. */
export const adminVehiclesCopy = {
  documentTitle: 'Manage Vehicles | Moto Parts',
  heading: 'Manage Vehicles',
  intro: 'The bikes riders pick in Shop by bike, and parts are fitted to.',
  loading: 'Loading vehicles',
  loadFailed: 'The vehicles could not be loaded.',
  retry: 'Try again',
  tableLabel: 'Vehicles',
  columns: { index: '#', make: 'Make', model: 'Model', variant: 'Variant', years: 'Years', cc: 'Engine (cc)', parts: 'Parts', actions: 'Actions' },
  fields: { make: 'Make', model: 'Model', variant: 'Variant', variantHint: 'optional, e.g. ABS', yearFrom: 'Year from', yearTo: 'Year to', cc: 'Engine size (cc)' },
  add: {
    heading: 'Add a vehicle',
    submit: 'Add Vehicle',
    added: 'Vehicle added',
    failed: 'The vehicle could not be added.',
  },
  edit: {
    open: 'Edit',
    openFor: (name: string) => `Edit ${name}`,
    heading: (name: string) => `Edit ${name}`,
    submit: 'Save',
    cancel: 'Cancel',
    saved: 'Vehicle saved',
    failed: 'The vehicle could not be saved.',
  },
  delete: 'Delete',
  deleteFor: (name: string) => `Delete ${name}`,
  deleted: 'Vehicle deleted',
  deleteFailed: 'The vehicle could not be deleted.',
  confirm: {
    heading: 'Delete this vehicle?',
    text: (name: string, parts: number) =>
      parts === 0
        ? `${name} will be removed from the shop and from every garage. No parts are fitted to it.`
        : `${name} will be removed from the shop and from every garage. ${parts} ${parts === 1 ? 'part fits' : 'parts fit'} it; ${parts === 1 ? 'its fitment row goes' : 'their fitment rows go'} with it.`,
    confirm: 'Delete',
    cancel: 'Cancel',
  },
} as const;
