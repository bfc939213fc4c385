import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { dashboardCopy } from '../copy';

const copy = dashboardCopy.menu;

interface SideMenuProps {
  /** Admin links show only once the account is known to be an admin. */
  isAdmin: boolean;
  onNavigate?: () => void;
}

const itemClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active' : '');

/** SPEC's dashboard side menu: 'My profile' for everyone, the admin pages for admins. */
export function SideMenu({ isAdmin, onNavigate }: SideMenuProps) {
  // The profile is both the dashboard's index and 'myprofile'.
  const { pathname } = useLocation();
  const current = pathname.replace(/\/+$/, '');
  const profileActive = current === paths.dashboard.root.getHref() || current === paths.dashboard.profile.getHref();

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
      {isAdmin && (
        <li>
          {/* Relative, as SPEC's admin links are. */}
          <NavLink to={paths.dashboard.makeAdmin.path} onClick={onNavigate} className={itemClass}>
            {copy.allUsers}
          </NavLink>
        </li>
      )}
    </ul>
  );
}
