import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useMatch } from 'react-router';
import { MenuIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { bikeName } from '@shop/shared';
import { clearAccessToken, getAccessToken, useAccessToken } from '@/lib/access-token';
import { useCartCount } from '@/stores/cart';
import { useGarage } from '@/stores/garage';
import { SearchBox } from '@/features/search/components/search-box';
import { layoutCopy } from './copy';

const loadSession = () => import('@/lib/session');

/**
 * Checks a stored token with the server (the session query), which removes it when the session
 * has ended. Loaded only when a token is stored: most visitors of the storefront have none.
 */
const SessionCheck = lazy(() =>
  loadSession().then(({ useAuth }) => ({
    default: function SessionCheck() {
      useAuth();
      return null;
    },
  })),
);

const copy = layoutCopy.nav;

const HOME = { to: paths.home.getHref(), label: copy.home, end: true };
const DASHBOARD = { to: paths.dashboard.root.getHref(), label: copy.dashboard, end: false };
const PUBLIC_ITEMS = [
  { to: paths.allProducts.getHref(), label: copy.products, end: false },
  { to: paths.blogs.getHref(), label: copy.blogs, end: false },
  { to: paths.garage.getHref(), label: copy.garage, end: false },
];

/** The shop's main links as menu items; the dashboard's menu lists them too on smaller screens. */
export function NavItems({ signedIn, onNavigate }: { signedIn: boolean; onNavigate?: () => void }) {
  // SPEC order: Home, Dashbord (signed in only), Products, Blogs.
  const items = signedIn ? [HOME, DASHBOARD, ...PUBLIC_ITEMS] : [HOME, ...PUBLIC_ITEMS];
  return items.map((item) => (
    <li key={item.to}>
      <NavLink to={item.to} end={item.end} onClick={onNavigate} className="text-base">
        {item.label}
      </NavLink>
    </li>
  ));
}

export function Navbar() {
  // Signed in while a token is stored; SessionCheck removes one the server no longer accepts.
  const signedIn = useAccessToken() !== null;
  const queryClient = useQueryClient();
  // The token goes at once, before the sign-in page the link leads to renders (it would send a
  // signed-in visitor on); ending the session on the server follows with the session module.
  const signOut = () => {
    const token = getAccessToken();
    clearAccessToken();
    void loadSession().then((session) => session.signOut(queryClient, token));
  };
  const [menuOpen, setMenuOpen] = useState(false);
  // In the dashboard its own menu holds these links too: one menu button on a phone, not two.
  const inDashboard = useMatch({ path: paths.dashboard.root.path, end: false }) !== null;
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Outside pointer presses and Escape close the open menu.
  useEffect(() => {
    if (!menuOpen) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !menuRef.current?.contains(event.target)) setMenuOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutsidePointer);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [menuOpen]);

  return (
    <header className="border-b border-base-300 bg-base-100">
      {signedIn && (
        <Suspense fallback={null}>
          <SessionCheck />
        </Suspense>
      )}
      <nav aria-label={copy.label} className="navbar mx-auto max-w-6xl flex-wrap gap-2 px-4">
        <div className="navbar-start w-auto flex-none gap-1">
          <div
            ref={menuRef}
            className={inDashboard ? 'hidden' : 'relative lg:hidden'}
            onBlur={(event) => {
              // Focus moving elsewhere by keyboard closes the menu; pointers are handled above,
              // as some browsers do not focus what is clicked.
              const next = event.relatedTarget;
              if (next instanceof Node && !menuRef.current?.contains(next)) setMenuOpen(false);
            }}
          >
            <button
              ref={buttonRef}
              type="button"
              className="btn btn-square btn-ghost"
              aria-label={copy.menu}
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              <MenuIcon />
            </button>
            {menuOpen && (
              <ul
                id="mobile-menu"
                className="menu absolute left-0 top-full z-50 mt-2 w-56 gap-1 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
              >
                <NavItems signedIn={signedIn} onNavigate={() => setMenuOpen(false)} />
              </ul>
            )}
          </div>
          <Link to={paths.home.getHref()} className="btn btn-ghost gap-2 px-2 text-xl font-bold">
            <img src={site.logo} alt={layoutCopy.brand} width={32} height={32} className="size-8" />
            <span aria-hidden="true">{layoutCopy.brand}</span>
          </Link>
        </div>
        <div className="navbar-center hidden lg:flex">
          <ul className="menu menu-horizontal gap-1">
            <NavItems signedIn={signedIn} />
          </ul>
        </div>
        {/* Its own row on phones and tablets, beside the links on wider screens. */}
        <SearchBox className="order-last w-full lg:order-none lg:mx-auto lg:w-auto lg:max-w-xs lg:flex-1" />
        {/* On the narrowest phones the bike, the cart with its count and SignOut take two rows rather than widening the page. */}
        <div className="navbar-end ml-auto w-auto max-w-full flex-none flex-wrap justify-end gap-2">
          <ActiveBike />
          <CartLink />
          {/* Both lead to the sign-in page, as SPEC says; SignOut ends the session on the way. */}
          {signedIn ? (
            <Link to={paths.auth.signIn.getHref()} className="btn btn-outline" onClick={signOut}>
              {copy.signOut}
            </Link>
          ) : (
            <NavLink to={paths.auth.signIn.getHref()} className="btn btn-primary">
              {copy.signIn}
            </NavLink>
          )}
        </div>
      </nav>
    </header>
  );
}

/** The active bike of My Garage, leading there. */
function ActiveBike() {
  const { active } = useGarage();
  if (!active) return null;
  const name = bikeName(active);
  return (
    <Link to={paths.garage.getHref()} className="btn btn-ghost btn-sm max-w-40 sm:max-w-none" aria-label={copy.activeBike(name)}>
      <span className="truncate">{name}</span>
    </Link>
  );
}

/** SPEC-2 section 5: the cart, with the number of its lines. */
function CartLink() {
  const count = useCartCount();
  return (
    <NavLink to={paths.cart.getHref()} className="btn btn-ghost gap-1.5 px-3">
      {copy.cart}
      {count > 0 && (
        <span className="badge badge-primary badge-sm" data-testid="cart-count">
          {count}
          <span className="sr-only"> {copy.cartLines(count)}</span>
        </span>
      )}
    </NavLink>
  );
}
