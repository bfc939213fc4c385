import { useQueryClient } from '@tanstack/react-query';
import { lazy, type RefObject, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, NavLink, useLocation, useMatch } from 'react-router';
import { MenuIcon, SearchIcon } from '@/components/ui/icons';
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
const SEARCH_ID = 'site-search';

const HOME = { to: paths.home.getHref(), label: copy.home, end: true };
const DASHBOARD = { to: paths.dashboard.root.getHref(), label: copy.dashboard, end: false };
const QUICK_ORDER = { to: paths.quickOrder.getHref(), label: copy.quickOrder, end: false };
const PUBLIC_ITEMS = [
  { to: paths.allProducts.getHref(), label: copy.products, end: false },
  { to: paths.blogs.getHref(), label: copy.blogs, end: false },
  { to: paths.garage.getHref(), label: copy.garage, end: false },
];

/** The shop's main links as menu items; the dashboard's menu lists them too on smaller screens. */
export function NavItems({ signedIn, onNavigate }: { signedIn: boolean; onNavigate?: () => void }) {
  // SPEC order: Home, Dashbord (signed in only), Products, Blogs; then My Garage, and Quick order (SPEC-3, signed in only).
  const items = signedIn ? [HOME, DASHBOARD, ...PUBLIC_ITEMS, QUICK_ORDER] : [HOME, ...PUBLIC_ITEMS];
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
  // On a phone the search box unfolds from its button, for this page only: a search leads to another.
  const { key: pageKey } = useLocation();
  const [searchOpenOn, setSearchOpenOn] = useState<string | null>(null);
  const searchOpen = searchOpenOn === pageKey;
  const searchToggleRef = useRef<HTMLButtonElement>(null);
  const searchInputRef = useRef<HTMLInputElement>(null);
  const header = useRef<HTMLElement>(null);
  useHeaderHeight(header);
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
    // Sticky on phones and tablets: the search and the cart stay in reach down a long list.
    <header ref={header} className="sticky top-0 z-30 border-b border-base-300 bg-base-100 lg:static">
      {signedIn && (
        <Suspense fallback={null}>
          <SessionCheck />
        </Suspense>
      )}
      <nav aria-label={copy.label} className="navbar mx-auto min-h-14 max-w-6xl flex-wrap gap-1 px-2 py-1 sm:gap-2 sm:px-4 lg:min-h-16 lg:py-2">
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
                {/* The header's own row has no room for the bike below the md breakpoint. */}
                <ActiveBike className="md:hidden" onNavigate={() => setMenuOpen(false)} />
              </ul>
            )}
          </div>
          <Link to={paths.home.getHref()} className="btn btn-ghost gap-2 px-1 text-xl font-bold sm:px-2">
            <img src={site.logo} alt={layoutCopy.brand} width={32} height={32} className="size-8" />
            <span aria-hidden="true" className="hidden sm:inline">
              {layoutCopy.brand}
            </span>
          </Link>
        </div>
        {/* From the lg breakpoint the links are a row of their own under the logo, the search and the cart:
            the search keeps its room however many links the account adds. */}
        <div className="navbar-center hidden lg:order-last lg:flex lg:w-full">
          <ul className="menu menu-horizontal gap-1">
            <NavItems signedIn={signedIn} />
          </ul>
        </div>
        {/* In the row from the sm breakpoint; on a phone a row of its own under it, unfolded by its button. */}
        <div
          id={SEARCH_ID}
          className={`${searchOpen ? 'order-last flex w-full pb-1' : 'hidden'} max-sm:noscript:order-last max-sm:noscript:flex max-sm:noscript:w-full max-sm:noscript:pb-1 sm:order-none sm:flex sm:w-auto sm:min-w-0 sm:flex-1 sm:pb-0 lg:mx-auto lg:max-w-xl`}
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || !searchOpen) return;
            setSearchOpenOn(null);
            searchToggleRef.current?.focus();
          }}
        >
          <SearchBox className="w-full" inputRef={searchInputRef} />
        </div>
        <div className="navbar-end ml-auto w-auto min-w-0 flex-none justify-end gap-1 sm:gap-2">
          <button
            ref={searchToggleRef}
            type="button"
            className="btn btn-square btn-ghost noscript:hidden sm:hidden"
            aria-label={copy.search}
            aria-expanded={searchOpen}
            aria-controls={SEARCH_ID}
            onClick={() => {
              if (searchOpen) return setSearchOpenOn(null);
              // Shown in this same click, so the phone's keyboard opens with the focus.
              flushSync(() => setSearchOpenOn(pageKey));
              searchInputRef.current?.focus();
            }}
          >
            <SearchIcon className="size-5" />
          </button>
          {/* The bike's room is held with or without one: the server's page knows no bike (the
              garage is in the browser), and the bike shown once the browser knows moves nothing. */}
          <span className="hidden md:inline-flex md:w-40 md:justify-end">
            <ActiveBike />
          </span>
          <CartLink />
          {/* Both lead to the sign-in page, as SPEC says; SignOut ends the session on the way.
              Each as wide as the other: the server's page shows SignIn (the token is in the
              browser), and SignOut in its place moves nothing. */}
          {signedIn ? (
            <Link to={paths.auth.signIn.getHref()} className="btn btn-outline px-3 sm:px-4" onClick={signOut}>
              <AsWideAs other={copy.signIn}>{copy.signOut}</AsWideAs>
            </Link>
          ) : (
            <NavLink to={paths.auth.signIn.getHref()} className="btn btn-primary px-3 sm:px-4">
              <AsWideAs other={copy.signOut}>{copy.signIn}</AsWideAs>
            </NavLink>
          )}
        </div>
      </nav>
    </header>
  );
}

/** A label as wide as the wider of it and `other`, which is laid out in the same cell unseen (and unread: it is only CSS). */
function AsWideAs({ other, children }: { other: string; children: string }) {
  return (
    <span data-other={other} className="grid justify-items-center after:invisible after:col-start-1 after:row-start-1 after:content-[attr(data-other)]">
      <span className="col-start-1 row-start-1">{children}</span>
    </span>
  );
}

/** The active bike of My Garage, leading there: in the header's row from md, in the phone's menu below it. */
function ActiveBike({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { active } = useGarage();
  if (!active) return null;
  const name = bikeName(active);
  const link = (
    <Link to={paths.garage.getHref()} className={onNavigate ? 'text-base' : 'btn btn-ghost btn-sm max-w-40'} aria-label={copy.activeBike(name)} onClick={onNavigate}>
      <span className="truncate">{name}</span>
    </Link>
  );
  return onNavigate ? <li className={className}>{link}</li> : link;
}

/**
 * Keeps --shop-header-height (index.css) at the header's real height, whatever its rows hold at
 * this width (a search unfolded, links wrapped beside a long bike name): what sits under the
 * sticky header (toasts, anchored sections, a screen-high main) starts below it.
 */
function useHeaderHeight(header: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty('--shop-header-height', `${element.getBoundingClientRect().height}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty('--shop-header-height');
    };
  }, [header]);
}

/** SPEC-2 section 5: the cart, with the number of its lines. */
function CartLink() {
  const count = useCartCount();
  return (
    // The count sits on the link's corner, taking no room: the server's page shows none (the
    // cart is in the browser), and the count shown once the browser knows moves nothing.
    <NavLink to={paths.cart.getHref()} className="btn btn-ghost indicator px-2 sm:px-3">
      {copy.cart}
      {count > 0 && (
        <span className="indicator-item badge badge-primary badge-sm" data-testid="cart-count">
          {count}
          <span className="sr-only"> {copy.cartLines(count)}</span>
        </span>
      )}
    </NavLink>
  );
}
