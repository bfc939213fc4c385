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
  auth: {
    signIn: {
      path: '/singin',
      getHref: () => '/singin',
    },
    signUp: {
      path: '/signup',
      getHref: () => '/signup',
    },
  },
  purchase: {
    path: '/purchase/:id',
    getHref: (productId: string) => `/purchase/${encodeURIComponent(productId)}`,
  },
  dashboard: {
    root: {
      path: '/dashbord',
      getHref: () => '/dashbord',
    },
  },
} as const;
