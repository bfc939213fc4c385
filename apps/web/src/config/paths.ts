import { STOP_REMINDERS_PATH } from '@shop/shared';

/** Anchors of the home page sections that other pages link to. */
export type HomeSection = 'products' | 'contact' | 'reviews' | 'services';

export const paths = {
  home: {
    path: '/',
    getHref: (section?: HomeSection) => (section ? `/#${section}` : '/'),
  },
  allProducts: {
    path: '/allproducts',
    /** page is one-based, as shown on the page buttons. */
    getHref: (page?: number) => (page && page > 1 ? `/allproducts?page=${page}` : '/allproducts'),
  },
  blogs: {
    path: '/blogs',
    getHref: () => '/blogs',
  },
  /** The shop's own pages; `section` leads to one of a page's sections. */
  info: {
    about: { path: '/about', getHref: () => '/about' },
    warranty: { path: '/warranty', getHref: (section?: 'service' | 'terms') => (section ? `/warranty#${section}` : '/warranty') },
    returns: { path: '/returns', getHref: () => '/returns' },
    privacy: { path: '/privacy', getHref: (section?: 'requests') => (section ? `/privacy#${section}` : '/privacy') },
    terms: { path: '/terms', getHref: () => '/terms' },
  },
  auth: {
    signIn: {
      path: '/singin',
      getHref: () => '/singin',
    },
    signUp: {
      path: '/signup',
      getHref: () => '/signup',
    },
    resetPassword: {
      path: '/reset-password',
      getHref: () => '/reset-password',
    },
  },
  purchase: {
    path: '/purchase/:id',
    /** quantity: chosen on the part's page; the purchase form starts from it. */
    getHref: (productId: string, quantity?: number) => `/purchase/${encodeURIComponent(productId)}${quantity ? `?quantity=${quantity}` : ''}`,
  },
  part: {
    path: '/parts/:id',
    getHref: (productId: string) => `/parts/${encodeURIComponent(productId)}`,
  },
  search: {
    path: '/search',
    getHref: (params: { q?: string; category?: string } = {}) => {
      const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])));
      return query.size > 0 ? `/search?${query}` : '/search';
    },
  },
  garage: {
    path: '/garage',
    getHref: () => '/garage',
  },
  /** A service reminder's 'Stop these emails' link (STOP_REMINDERS_PATH), with its token. */
  stopServiceEmails: {
    path: STOP_REMINDERS_PATH,
    getHref: (token: string) => `${STOP_REMINDERS_PATH}?token=${encodeURIComponent(token)}`,
  },
  cart: {
    path: '/cart',
    getHref: () => '/cart',
  },
  checkout: {
    path: '/checkout',
    getHref: () => '/checkout',
  },
  /** SPEC-3 section 6: part numbers and quantities into the cart at once. */
  quickOrder: {
    path: '/quick-order',
    getHref: () => '/quick-order',
  },
  dashboard: {
    root: {
      path: '/dashbord',
      getHref: () => '/dashbord',
    },
    /** Nested pages: `path` is relative to the dashboard, as SPEC's side menu links are. */
    profile: {
      path: 'myprofile',
      getHref: () => '/dashbord/myprofile',
    },
    makeAdmin: {
      path: 'makeAdmin',
      getHref: () => '/dashbord/makeAdmin',
    },
    myOrders: {
      path: 'myorders',
      getHref: () => '/dashbord/myorders',
    },
    myAddresses: {
      path: 'addresses',
      getHref: () => '/dashbord/addresses',
    },
    payment: {
      path: 'payment/:orderid',
      getHref: (orderId: string) => `/dashbord/payment/${encodeURIComponent(orderId)}`,
    },
    manageAllOrders: {
      path: 'manageAllorders',
      getHref: () => '/dashbord/manageAllorders',
    },
    addProducts: {
      path: 'addproducts',
      getHref: () => '/dashbord/addproducts',
    },
    manageCategories: {
      path: 'manageCategories',
      getHref: () => '/dashbord/manageCategories',
    },
    messages: {
      path: 'messages',
      getHref: (page?: number) => (page && page > 1 ? `/dashbord/messages?page=${page}` : '/dashbord/messages'),
    },
    manageProducts: {
      path: 'manageProducts',
      getHref: () => '/dashbord/manageProducts',
    },
    updateProduct: {
      path: 'updateproducts/:productId',
      getHref: (productId: string) => `/dashbord/updateproducts/${encodeURIComponent(productId)}`,
    },
    addReview: {
      path: 'addreview',
      /** With a part: a review of that part, from one of the customer's paid orders of it. */
      getHref: (productId?: string) => (productId ? `/dashbord/addreview?product=${encodeURIComponent(productId)}` : '/dashbord/addreview'),
    },
    manageReviews: {
      path: 'manageReview',
      getHref: () => '/dashbord/manageReview',
    },
    manageVehicles: {
      path: 'manageVehicles',
      getHref: () => '/dashbord/manageVehicles',
    },
    importProducts: {
      path: 'importProducts',
      getHref: () => '/dashbord/importProducts',
    },
    sales: {
      path: 'sales',
      getHref: () => '/dashbord/sales',
    },
    settings: {
      path: 'settings',
      getHref: () => '/dashbord/settings',
    },
    taxes: {
      path: 'taxes',
      getHref: () => '/dashbord/taxes',
    },
    shipping: {
      path: 'shipping',
      getHref: () => '/dashbord/shipping',
    },
    discounts: {
      path: 'discounts',
      getHref: () => '/dashbord/discounts',
    },
    returns: {
      path: 'returns',
      getHref: () => '/dashbord/returns',
    },
    /** SPEC-3 section 7: every change an admin or staff member made. */
    activity: {
      path: 'activity',
      getHref: () => '/dashbord/activity',
    },
  },
} as const;
