import { Link } from 'react-router';
import { FacebookIcon, YoutubeIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { layoutCopy } from './copy';

const copy = layoutCopy.footer;

const COLUMNS = [
  {
    title: copy.columns.services,
    links: [
      { label: copy.links.serviceParts, to: paths.allProducts.getHref() },
      { label: copy.links.repairs, to: paths.home.getHref('services') },
      { label: copy.links.warranty, to: paths.info.warranty.getHref('service') },
    ],
  },
  {
    title: copy.columns.company,
    links: [
      { label: copy.links.about, to: paths.info.about.getHref() },
      { label: copy.links.contact, to: paths.home.getHref('contact') },
      { label: copy.links.customerReviews, to: paths.home.getHref('reviews') },
      { label: copy.links.news, to: paths.blogs.getHref() },
    ],
  },
  {
    title: copy.columns.legal,
    links: [
      { label: copy.links.warrantyTerms, to: paths.info.warranty.getHref('terms') },
      { label: copy.links.returns, to: paths.info.returns.getHref() },
      { label: copy.links.privacy, to: paths.info.privacy.getHref('requests') },
      { label: copy.links.terms, to: paths.info.terms.getHref() },
    ],
  },
] as const;

const SOCIAL_LINKS = [
  { label: copy.facebook, href: site.social.facebook, Icon: FacebookIcon },
  { label: copy.youtube, href: site.social.youtube, Icon: YoutubeIcon },
] as const;

export function Footer() {
  return (
    <footer className="bg-base-200 text-base-content">
      <div className="footer mx-auto max-w-6xl px-4 py-12 sm:footer-horizontal">
        <div className="max-w-xs">
          <Link to={paths.home.getHref()} className="flex items-center gap-2 text-xl font-bold">
            <img src={site.logo} alt={layoutCopy.brand} width={40} height={40} className="size-10" />
            <span aria-hidden="true">{layoutCopy.brand}</span>
          </Link>
          <p className="text-sm">{copy.tagline}</p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-labelledby={`footer-${column.title.toLowerCase()}`}>
            <h2 id={`footer-${column.title.toLowerCase()}`} className="footer-title opacity-100">
              {column.title}
            </h2>
            <ul className="grid gap-2">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="link link-hover">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-base-300">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-6 sm:flex-row">
          {/* The year by UTC, as the server's page has it wherever the browser is; a page the server
              rendered (and kept) just before a new year keeps its year until the next page. */}
          <p className="text-sm" suppressHydrationWarning>
            {copy.copyright(new Date().getUTCFullYear())}
          </p>
          <ul aria-label={copy.socialLabel} className="flex gap-2">
            {SOCIAL_LINKS.map(({ label, href, Icon }) => (
              <li key={href}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={label}
                  className="btn btn-circle btn-ghost"
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
