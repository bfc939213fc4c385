import { Component, useEffect, useState, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router';
import { paths } from '@/config/paths';
import { layoutCopy } from './copy';

const copy = layoutCopy.routeError;

/** A script chunk that no longer exists after a deploy, or a lost connection while loading one. */
const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error &&
  /dynamically imported module|module script failed|Importing a module script failed|error loading dynamically/i.test(
    error.message,
  );

type Cause = 'offline' | 'outdated' | 'other';

/**
 * Why a page's script did not load: no connection, or a new version of the shop whose scripts
 * have other names (the shop answers, yet the old script is gone). Asked of the shop itself,
 * since the browser's online flag only knows about the local network.
 */
function useLoadFailureCause(error: unknown): Cause {
  const chunk = isChunkLoadError(error);
  const [cause, setCause] = useState<Cause>(() => (!chunk ? 'other' : navigator.onLine ? 'other' : 'offline'));
  useEffect(() => {
    if (!chunk) return;
    const controller = new AbortController();
    const ask = () =>
      fetch('/api/ready', { cache: 'no-store', signal: controller.signal }).then(
        () => setCause('outdated'),
        () => {
          if (!controller.signal.aborted) setCause('offline');
        },
      );
    void ask();
    // Back online: the shop is asked again, and the message follows.
    window.addEventListener('online', ask);
    return () => {
      controller.abort();
      window.removeEventListener('online', ask);
    };
  }, [chunk]);
  return cause;
}

/**
 * Shown instead of a page when rendering it failed, e.g. its script could not be loaded.
 * `inline` keeps the page frame around it (navbar and footer): for pages nested in the layout.
 */
export function RouteError({ error, inline = false }: { error: unknown; inline?: boolean }) {
  const Container = inline ? 'div' : 'main';
  const cause = useLoadFailureCause(error);
  return (
    <Container
      className={`flex flex-col items-center justify-center gap-6 px-4 text-center ${inline ? 'min-h-96 py-16' : 'min-h-screen'}`}
    >
      <title>{copy.documentTitle}</title>
      <h1 className="text-4xl font-bold">{copy.heading}</h1>
      <p className="text-lg" role="status">
        {cause === 'offline' ? copy.offline : cause === 'outdated' ? copy.outdated : copy.text}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {copy.reload}
        </button>
        {/* A full page load, since the app itself is in an unknown state. */}
        <a href={paths.home.getHref()} className="btn btn-outline">
          {copy.backHome}
        </a>
      </div>
    </Container>
  );
}

interface BoundaryProps {
  location: Location;
  inline: boolean;
  children: ReactNode;
}

interface BoundaryState {
  failure: { error: unknown } | null;
  location: Location;
}

class RouteErrorBoundaryImpl extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  // Another navigation tries the page again.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { failure: null, location: props.location };
  }

  override render() {
    const { failure } = this.state;
    return failure ? <RouteError error={failure.error} inline={this.props.inline} /> : this.props.children;
  }
}

/** Catches what its pages throw while rendering and shows RouteError in their place until the next navigation. */
export function RouteErrorBoundary({ inline = false, children }: { inline?: boolean; children: ReactNode }) {
  const location = useLocation();
  return (
    <RouteErrorBoundaryImpl location={location} inline={inline}>
      {children}
    </RouteErrorBoundaryImpl>
  );
}
