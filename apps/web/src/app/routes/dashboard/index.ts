// The dashboard frame and its pages share one script, loaded when the dashboard is opened.
export { AddProductRoute } from './add-product';
export { AddReviewRoute } from './add-review';
export { DashboardRoute } from './layout';
export { ImportProductsRoute } from './import-products';
export { MakeAdminRoute } from './make-admin';
export { ManageCategoriesRoute } from './manage-categories';
export { MessagesRoute } from './messages';
export { ManageAllOrdersRoute } from './manage-all-orders';
export { ManageProductsRoute } from './manage-products';
export { ManageReviewsRoute } from './manage-reviews';
export { ManageVehiclesRoute } from './manage-vehicles';
export { MyOrdersRoute } from './my-orders';
export { PaymentRoute } from './payment';
export { ProfileRoute } from './profile';
export { SalesRoute } from './sales';
export { UpdateProductRoute } from './update-product';
