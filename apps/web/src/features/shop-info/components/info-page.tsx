import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { shopInfoCopy, type InfoPageKey } from '../copy';

/** One of the shop's own pages (about, warranty, returns, privacy, terms): sections with anchors. */
export function InfoPage({ page }: { page: InfoPageKey }) {
  const copy = shopInfoCopy.pages[page];
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-12 wrap-anywhere">
      <title>{copy.documentTitle}</title>
      <header className="flex flex-col gap-3">
        <h1 className="text-4xl font-bold">{copy.heading}</h1>
        <p className="text-lg text-base-content/80">{copy.intro}</p>
      </header>
      {copy.sections.length > 1 && (
        <nav aria-label={shopInfoCopy.onThisPage} className="rounded-box border border-base-300 bg-base-200 p-4">
          <h2 className="mb-2 font-semibold">{shopInfoCopy.onThisPage}</h2>
          <ul className="flex list-disc flex-col gap-1 pl-5">
            {copy.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="link">
                  {section.heading}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {copy.sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="flex scroll-mt-24 flex-col gap-3">
          <h2 id={`${section.id}-heading`} className="text-2xl font-bold">
            {section.heading}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      <footer className="flex flex-col gap-1 border-t border-base-300 pt-4 text-sm text-base-content/80">
        <p>
          {shopInfoCopy.contactPrompt}{' '}
          <Link to={paths.home.getHref('contact')} className="link">
            {shopInfoCopy.contactLink}
          </Link>
          .
        </p>
        <p>{shopInfoCopy.updated}</p>
      </footer>
    </article>
  );
}
