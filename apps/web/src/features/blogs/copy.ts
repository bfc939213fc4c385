export const blogsCopy = {
  documentTitle: 'Blogs | Moto Parts',
  placeholder: 'Comming Sooon',
} as const;
