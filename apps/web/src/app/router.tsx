import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { NotFoundPage } from './layout/not-found-page';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';
import { AllProductsRoute } from './routes/all-products';
import { BlogsRoute } from './routes/blogs';
import { HomeRoute } from './routes/home';

export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: paths.allProducts.path, element: <AllProductsRoute /> },
      { path: paths.blogs.path, element: <BlogsRoute /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
