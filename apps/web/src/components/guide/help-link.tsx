import { Link, useInRouterContext } from 'react-router';
import { GUIDE_PAGES } from './guide-pages.ts';

/** The "?" beside a screen's title: its page of the user guide on /docs (issue 36 #2). */
export function HelpLink({ slug }: { slug: string }) {
  // Panels are also rendered alone (unit tests, previews): a plain link there, the router's in the app.
  const inRouter = useInRouterContext();
  const page = GUIDE_PAGES.find((p) => p.slug === slug);
  if (!page) return null;
  const to = `/docs?guide=${page.slug}#guide-${page.slug}`;
  const props = {
    className: 'btn btn-sm btn-outline-secondary rounded-circle ms-2 py-0 px-2 align-baseline',
    title: `Guide: ${page.title}`, 'aria-label': `Guide: ${page.title}`, 'data-testid': 'help-link',
  };
  return inRouter ? <Link to={to} {...props}>?</Link> : <a href={to} {...props}>?</a>;
}
