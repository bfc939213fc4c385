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

/** Shown instead of the whole page when rendering it failed. */
export function RouteError() {
  const error = useRouteError();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 text-center">
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
    </main>
  );
}
