// The dashboard frame and its pages share one script, loaded when the dashboard is opened.
export { DashboardRoute } from './layout';
export { MakeAdminRoute } from './make-admin';
export { ProfileRoute } from './profile';
