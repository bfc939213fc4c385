import { Link, NavLink, useLocation } from 'react-router';
import { useUnreadCount } from '@/api/contact/get-unread-count';
import { paths } from '@/config/paths';
import { dashboardAccess, mayOpen, type DashboardPage, type Viewer } from '@/lib/access';
import { dashboardCopy } from '../copy';

const copy = dashboardCopy.menu;

interface SideMenuProps {
  /**
   * Each page's link shows only once the account is known to be allowed it (undefined while
   * unknown): a page a viewer may not open signs them out. Staff see the customer pages and the
   * counter work; admins every admin page.
   */
  viewer: Viewer | undefined;
  onNavigate?: () => void;
}

const itemClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active' : '');

/** SPEC's dashboard side menu: 'My profile' for everyone, then the pages `dashboardAccess` lets the viewer open. */
export function SideMenu({ viewer, onNavigate }: SideMenuProps) {
  const may = (page: DashboardPage) => mayOpen(viewer, dashboardAccess[page]);
  // The profile is both the dashboard's index and 'myprofile'.
  const { pathname } = useLocation();
  const current = pathname.replace(/\/+$/, '');
  const profileActive = current === paths.dashboard.root.getHref() || current === paths.dashboard.profile.getHref();
  // A product's update page belongs to Manage Products, where it is opened from.
  const updatingProduct = current.startsWith(paths.dashboard.updateProduct.getHref(''));
  const unread = useUnreadCount({ enabled: may('messages') });

  return (
    <ul className="menu w-full gap-1 text-base">
      <li>
        <Link
          to={paths.dashboard.root.getHref()}
          onClick={onNavigate}
          className={profileActive ? 'menu-active' : ''}
          aria-current={profileActive ? 'page' : undefined}
        >
          {copy.profile}
        </Link>
      </li>
      {may('myOrders') && (
        <li>
          <NavLink to={paths.dashboard.myOrders.getHref()} onClick={onNavigate} className={itemClass}>
            {copy.myOrders}
          </NavLink>
        </li>
      )}
      {may('myAddresses') && (
        <li>
          <NavLink to={paths.dashboard.myAddresses.getHref()} onClick={onNavigate} className={itemClass}>
            {copy.myAddresses}
          </NavLink>
        </li>
      )}
      {may('addReview') && (
        <li>
          <NavLink to={paths.dashboard.addReview.getHref()} onClick={onNavigate} className={itemClass}>
            {copy.addReview}
          </NavLink>
        </li>
      )}
      {may('manageAllOrders') && (
        <li>
          {/* Relative, as SPEC's admin links are. */}
          <NavLink to={paths.dashboard.manageAllOrders.path} onClick={onNavigate} className={itemClass}>
            {copy.manageAllOrders}
          </NavLink>
        </li>
      )}
      {may('addProducts') && (
        <li>
          <NavLink to={paths.dashboard.addProducts.path} onClick={onNavigate} className={itemClass}>
            {copy.addProduct}
          </NavLink>
        </li>
      )}
      {may('makeAdmin') && (
        <li>
          {/* Relative, as SPEC's admin links are. */}
          <NavLink to={paths.dashboard.makeAdmin.path} onClick={onNavigate} className={itemClass}>
            {copy.allUsers}
          </NavLink>
        </li>
      )}
      {may('manageProducts') && (
        <li>
          {updatingProduct ? (
            <Link to={paths.dashboard.manageProducts.getHref()} onClick={onNavigate} className="menu-active" aria-current="true">
              {copy.manageProducts}
            </Link>
          ) : (
            <NavLink to={paths.dashboard.manageProducts.path} onClick={onNavigate} className={itemClass}>
              {copy.manageProducts}
            </NavLink>
          )}
        </li>
      )}
      {may('manageReviews') && (
        <li>
          <NavLink to={paths.dashboard.manageReviews.path} onClick={onNavigate} className={itemClass}>
            {copy.manageReviews}
          </NavLink>
        </li>
      )}
      {may('manageCategories') && (
        <li>
          <NavLink to={paths.dashboard.manageCategories.path} onClick={onNavigate} className={itemClass}>
            {copy.categories}
          </NavLink>
        </li>
      )}
      {may('manageVehicles') && (
        <li>
          <NavLink to={paths.dashboard.manageVehicles.path} onClick={onNavigate} className={itemClass}>
            {copy.vehicles}
          </NavLink>
        </li>
      )}
      {may('importProducts') && (
        <li>
          <NavLink to={paths.dashboard.importProducts.path} onClick={onNavigate} className={itemClass}>
            {copy.import}
          </NavLink>
        </li>
      )}
      {may('sales') && (
        <li>
          <NavLink to={paths.dashboard.sales.path} onClick={onNavigate} className={itemClass}>
            {copy.sales}
          </NavLink>
        </li>
      )}
      {may('discounts') && (
        <li>
          <NavLink to={paths.dashboard.discounts.path} onClick={onNavigate} className={itemClass}>
            {copy.discounts}
          </NavLink>
        </li>
      )}
      {may('returns') && (
        <li>
          <NavLink to={paths.dashboard.returns.path} onClick={onNavigate} className={itemClass}>
            {copy.returns}
          </NavLink>
        </li>
      )}
      {may('taxes') && (
        <li>
          <NavLink to={paths.dashboard.taxes.path} onClick={onNavigate} className={itemClass}>
            {copy.taxes}
          </NavLink>
        </li>
      )}
      {may('shipping') && (
        <li>
          <NavLink to={paths.dashboard.shipping.path} onClick={onNavigate} className={itemClass}>
            {copy.shipping}
          </NavLink>
        </li>
      )}
      {may('settings') && (
        <li>
          <NavLink to={paths.dashboard.settings.path} onClick={onNavigate} className={itemClass}>
            {copy.settings}
          </NavLink>
        </li>
      )}
      {may('activity') && (
        <li>
          <NavLink to={paths.dashboard.activity.path} onClick={onNavigate} className={itemClass}>
            {copy.activity}
          </NavLink>
        </li>
      )}
      {may('messages') && (
        <li>
          <NavLink to={paths.dashboard.messages.path} onClick={onNavigate} className={itemClass}>
            {copy.messages}
            {unread.data ? (
              <span className="badge badge-sm badge-primary" data-testid="unread-messages">
                <span aria-hidden="true">{unread.data}</span>
                <span className="sr-only">{copy.unread(unread.data)}</span>
              </span>
            ) : null}
          </NavLink>
        </li>
      )}
    </ul>
  );
}
