import { useRouteError } from 'react-router';
import { paths } from '@/config/paths';
import { layoutCopy } from './copy';

const copy = layoutCopy.routeError;

/** A script chunk that no longer exists after a deploy, or a lost connection while loading one. */
const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error &&
  /dynamically imported module|module script failed|Importing a module script failed|error loading dynamically/i.test(
    error.message,
  );

/**
 * Shown instead of a page when rendering it failed, e.g. its script could not be loaded.
 * `inline` keeps the page frame around it (navbar and footer): for pages nested in the layout.
 */
export function RouteError({ inline = false }: { inline?: boolean }) {
  const error = useRouteError();
  const Container = inline ? 'div' : 'main';
  return (
    <Container
      className={`flex flex-col items-center justify-center gap-6 px-4 text-center ${inline ? 'min-h-96 py-16' : 'min-h-screen'}`}
    >
      <title>{copy.documentTitle}</title>
      <h1 className="text-4xl font-bold">{copy.heading}</h1>
      <p className="text-lg">{isChunkLoadError(error) ? copy.outdated : copy.text}</p>
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
