import { lazy, type ComponentType } from 'react';
import { BrowserRouter, Outlet, useRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { NotFoundPage } from './layout/not-found-page';
import { RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './layout/route-error';
import { AllProductsRoute } from './routes/all-products';
import { BlogsRoute } from './routes/blogs';
import { HomeRoute } from './routes/home';

// Account pages and the dashboard load on demand, keeping the storefront's first script small.
// A chunk that fails to load is caught by the route's error boundary, which offers a reload.
const accountPages = () => import('./routes/account');
const dashboardPages = () => import('./routes/dashboard');
const lazyPage = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

const SignInRoute = lazyPage(accountPages, 'SignInRoute');
const SignUpRoute = lazyPage(accountPages, 'SignUpRoute');
const ResetPasswordRoute = lazyPage(accountPages, 'ResetPasswordRoute');
const DashboardRoute = lazyPage(dashboardPages, 'DashboardRoute');
const ProfileRoute = lazyPage(dashboardPages, 'ProfileRoute');
const MakeAdminRoute = lazyPage(dashboardPages, 'MakeAdminRoute');
// The purchase page has a script of its own: it is opened from the storefront, not the dashboard.
const PurchaseRoute = lazyPage(() => import('./routes/purchase'), 'PurchaseRoute');
// A part's page is opened from the storefront and from links shared outside the shop.
const PartRoute = lazyPage(() => import('./routes/part'), 'PartRoute');
const SearchRoute = lazyPage(() => import('./routes/search'), 'SearchRoute');
const GarageRoute = lazyPage(() => import('./routes/garage'), 'GarageRoute');
// Opened from a service reminder's email, by itself.
const StopServiceEmailsRoute = lazyPage(() => import('./routes/service-emails'), 'StopServiceEmailsRoute');
const cartPages = () => import('./routes/cart');
const CartRoute = lazyPage(cartPages, 'CartRoute');
const CheckoutRoute = lazyPage(cartPages, 'CheckoutRoute');
const QuickOrderRoute = lazyPage(() => import('./routes/quick-order'), 'QuickOrderRoute');
const MyOrdersRoute = lazyPage(dashboardPages, 'MyOrdersRoute');
const MyAddressesRoute = lazyPage(dashboardPages, 'MyAddressesRoute');
const PaymentRoute = lazyPage(dashboardPages, 'PaymentRoute');
const ManageAllOrdersRoute = lazyPage(dashboardPages, 'ManageAllOrdersRoute');
const AddProductRoute = lazyPage(dashboardPages, 'AddProductRoute');
const ManageProductsRoute = lazyPage(dashboardPages, 'ManageProductsRoute');
const UpdateProductRoute = lazyPage(dashboardPages, 'UpdateProductRoute');
const AddReviewRoute = lazyPage(dashboardPages, 'AddReviewRoute');
const ManageReviewsRoute = lazyPage(dashboardPages, 'ManageReviewsRoute');
const MessagesRoute = lazyPage(dashboardPages, 'MessagesRoute');
const ManageCategoriesRoute = lazyPage(dashboardPages, 'ManageCategoriesRoute');
const ManageVehiclesRoute = lazyPage(dashboardPages, 'ManageVehiclesRoute');
const DiscountsRoute = lazyPage(dashboardPages, 'DiscountsRoute');
const ManageReturnsRoute = lazyPage(dashboardPages, 'ManageReturnsRoute');
const ImportProductsRoute = lazyPage(dashboardPages, 'ImportProductsRoute');
const SalesRoute = lazyPage(dashboardPages, 'SalesRoute');
const SettingsRoute = lazyPage(dashboardPages, 'SettingsRoute');
const TaxesRoute = lazyPage(dashboardPages, 'TaxesRoute');
const ShippingRoute = lazyPage(dashboardPages, 'ShippingRoute');
const ActivityRoute = lazyPage(dashboardPages, 'ActivityRoute');
// The shop's own pages (about, warranty, returns, privacy, terms) share one small script.
const infoPages = () => import('./routes/info');
const AboutRoute = lazyPage(infoPages, 'AboutRoute');
const WarrantyRoute = lazyPage(infoPages, 'WarrantyRoute');
const ReturnsRoute = lazyPage(infoPages, 'ReturnsRoute');
const PrivacyRoute = lazyPage(infoPages, 'PrivacyRoute');
const TermsRoute = lazyPage(infoPages, 'TermsRoute');

export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, element: <HomeRoute /> },
      { path: paths.allProducts.path, element: <AllProductsRoute /> },
      { path: paths.blogs.path, element: <BlogsRoute /> },
      {
        // Lazily loaded pages: a failure shows inside the page frame.
        element: (
          <RouteErrorBoundary inline>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          { path: paths.auth.signIn.path, element: <SignInRoute /> },
          { path: paths.auth.signUp.path, element: <SignUpRoute /> },
          { path: paths.auth.resetPassword.path, element: <ResetPasswordRoute /> },
          { path: paths.purchase.path, element: <PurchaseRoute /> },
          {
            path: paths.part.path,
            element: <PartRoute />,
          },
          { path: paths.search.path, element: <SearchRoute /> },
          { path: paths.garage.path, element: <GarageRoute /> },
          { path: paths.stopServiceEmails.path, element: <StopServiceEmailsRoute /> },
          { path: paths.cart.path, element: <CartRoute /> },
          { path: paths.checkout.path, element: <CheckoutRoute /> },
          { path: paths.quickOrder.path, element: <QuickOrderRoute /> },
          { path: paths.info.about.path, element: <AboutRoute /> },
          { path: paths.info.warranty.path, element: <WarrantyRoute /> },
          { path: paths.info.returns.path, element: <ReturnsRoute /> },
          { path: paths.info.privacy.path, element: <PrivacyRoute /> },
          { path: paths.info.terms.path, element: <TermsRoute /> },
          {
            path: paths.dashboard.root.path,
            element: <DashboardRoute />,
            children: [
              { index: true, element: <ProfileRoute /> },
              { path: paths.dashboard.profile.path, element: <ProfileRoute /> },
              { path: paths.dashboard.makeAdmin.path, element: <MakeAdminRoute /> },
              { path: paths.dashboard.myOrders.path, element: <MyOrdersRoute /> },
              { path: paths.dashboard.myAddresses.path, element: <MyAddressesRoute /> },
              { path: paths.dashboard.payment.path, element: <PaymentRoute /> },
              { path: paths.dashboard.manageAllOrders.path, element: <ManageAllOrdersRoute /> },
              { path: paths.dashboard.addProducts.path, element: <AddProductRoute /> },
              { path: paths.dashboard.manageProducts.path, element: <ManageProductsRoute /> },
              { path: paths.dashboard.updateProduct.path, element: <UpdateProductRoute /> },
              { path: paths.dashboard.addReview.path, element: <AddReviewRoute /> },
              { path: paths.dashboard.manageReviews.path, element: <ManageReviewsRoute /> },
              { path: paths.dashboard.manageCategories.path, element: <ManageCategoriesRoute /> },
              { path: paths.dashboard.manageVehicles.path, element: <ManageVehiclesRoute /> },
              { path: paths.dashboard.discounts.path, element: <DiscountsRoute /> },
              { path: paths.dashboard.returns.path, element: <ManageReturnsRoute /> },
              { path: paths.dashboard.sales.path, element: <SalesRoute /> },
              { path: paths.dashboard.settings.path, element: <SettingsRoute /> },
              { path: paths.dashboard.taxes.path, element: <TaxesRoute /> },
              { path: paths.dashboard.shipping.path, element: <ShippingRoute /> },
              { path: paths.dashboard.importProducts.path, element: <ImportProductsRoute /> },
              { path: paths.dashboard.messages.path, element: <MessagesRoute /> },
              { path: paths.dashboard.activity.path, element: <ActivityRoute /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The shop's pages for the current address; inside a router (BrowserRouter, or MemoryRouter in tests). */
export function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
