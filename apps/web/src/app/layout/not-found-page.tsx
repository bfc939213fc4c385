import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePageStatus } from '../page-status';
import { layoutCopy } from './copy';

const copy = layoutCopy.notFound;

export function NotFoundPage() {
  usePageStatus(404);
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-16 text-center">
      <title>{copy.documentTitle}</title>
      <img
        src="/static/not-found.webp"
        alt={copy.imageAlt}
        width={640}
        height={480}
        className="h-auto w-full max-w-lg"
      />
      <h1 className="text-4xl font-bold">{copy.heading}</h1>
      <p className="text-lg">{copy.text}</p>
      <Link to={paths.home.getHref()} className="btn btn-primary">
        {copy.backHome}
      </Link>
    </div>
  );
}
