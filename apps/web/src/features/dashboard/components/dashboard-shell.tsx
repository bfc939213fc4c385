import { createFocusTrap } from 'focus-trap';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { MenuIcon } from '@/components/ui/icons';
import { dashboardCopy } from '../copy';

const copy = dashboardCopy.menu;
const DRAWER_ID = 'dashboard-drawer';
const MENU_ID = 'dashboard-menu';

interface DashboardShellProps {
  /** The side menu; `close` shuts the small-screen slider, e.g. after choosing a page. */
  menu: (close: () => void) => ReactNode;
  /** The shop's own links, under the dashboard's on screens where the site's menu steps aside. */
  siteLinks?: (close: () => void) => ReactNode;
  children: ReactNode;
}

/**
 * The dashboard frame: the side menu stays open beside the page on large screens; on small
 * screens a menu button slides it in (daisyUI drawer).
 */
export function DashboardShell({ menu, siteLinks, children }: DashboardShellProps) {
  const [open, setOpen] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const close = () => {
    setOpen(false);
    openButton.current?.focus();
  };

  useEffect(() => {
    const element = panel.current;
    if (!open || !element) return;
    // While the menu covers the page, the keyboard stays in it; Escape closes it, and so does a
    // click beside it, on the overlay (the trap lets clicks through: the click that opened the
    // menu is still on its way when this runs).
    const trap = createFocusTrap(element, {
      // Straight to the first page link: that is what the menu was opened for.
      initialFocus: () => element.querySelector<HTMLElement>('nav a, nav button') ?? element,
      fallbackFocus: element,
      escapeDeactivates: true,
      allowOutsideClick: true,
      setReturnFocus: () => openButton.current ?? false,
      onDeactivate: () => setOpen(false),
    });
    // The menu slides in: nothing in it can take the focus until it is shown.
    let frame = 0;
    const activateWhenShown = () => {
      if (getComputedStyle(element).visibility === 'visible') trap.activate();
      else frame = requestAnimationFrame(activateWhenShown);
    };
    activateWhenShown();
    return () => {
      cancelAnimationFrame(frame);
      trap.deactivate({ onDeactivate: () => undefined });
    };
  }, [open]);

  return (
    <div className="drawer lg:drawer-open">
      {/* daisyUI opens the drawer from this checkbox's state; the buttons below are the controls. */}
      <input
        id={DRAWER_ID}
        type="checkbox"
        className="drawer-toggle"
        checked={open}
        onChange={(event) => setOpen(event.target.checked)}
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content flex min-w-0 flex-col">
        <div className="border-b border-base-300 px-4 py-2 lg:hidden">
          <button
            ref={openButton}
            type="button"
            className="btn btn-ghost gap-2"
            aria-expanded={open}
            aria-controls={MENU_ID}
            onClick={() => setOpen(true)}
          >
            <MenuIcon />
            {copy.open}
          </button>
        </div>
        <div className="px-4 py-8 sm:px-6 lg:px-10">{children}</div>
      </div>
      <div className="drawer-side z-40 lg:z-auto">
        <button type="button" className="drawer-overlay lg:hidden" tabIndex={-1} aria-label={copy.close} onClick={close} />
        <div ref={panel} id={MENU_ID} tabIndex={-1} className="flex min-h-full w-72 flex-col gap-2 border-r border-base-300 bg-base-200 p-4 lg:w-64">
          <div className="flex items-center justify-between lg:hidden">
            <span className="px-2 text-lg font-bold">{copy.label}</span>
            <button type="button" className="btn btn-square btn-ghost" aria-label={copy.close} onClick={close}>
              {/* Drawn here: the shared icon set is part of the storefront's first script. */}
              <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </div>
          <nav aria-label={copy.label}>{menu(() => setOpen(false))}</nav>
          {siteLinks && (
            <nav aria-label={copy.siteLabel} className="mt-2 border-t border-base-300 pt-2 lg:hidden">
              <ul className="menu w-full gap-1 p-0">{siteLinks(() => setOpen(false))}</ul>
            </nav>
          )}
        </div>
      </div>
    </div>
  );
}
