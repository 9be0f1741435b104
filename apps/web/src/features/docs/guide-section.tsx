import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { GUIDE_PAGES, searchGuide, type GuidePage } from '../../components/guide/guide-pages.ts';

function GuideArticle({ page }: { page: GuidePage }) {
  return (
    <article id={`guide-${page.slug}`} className="card mb-3" data-testid={`guide-${page.slug}`} tabIndex={-1}>
      <div className="card-header py-2"><h3 className="h6 mb-0">{page.title}</h3></div>
      <div className="card-body small">
        {page.available === false && <p className="text-secondary mb-2">Coming soon.</p>}
        <ol className="mb-2">{page.steps.map((s) => <li key={s}>{s}</li>)}</ol>
        {page.inputs.length > 0 && <>
          <h4 className="h6 small fw-semibold mb-1">Inputs</h4>
          <dl className="result-grid mb-2 guide-terms">{page.inputs.map(([k, v]) => <div key={k} className="contents"><dt>{k}</dt><dd>{v}</dd></div>)}</dl>
        </>}
        {page.outputs.length > 0 && <>
          <h4 className="h6 small fw-semibold mb-1">Outputs and units</h4>
          <dl className="result-grid mb-2 guide-terms">{page.outputs.map(([k, v]) => <div key={k} className="contents"><dt>{k}</dt><dd>{v}</dd></div>)}</dl>
        </>}
        {page.available !== false && (
          <img src={`/guide/${page.slug}.png`} alt={`Screen of: ${page.title}`} className="img-fluid border rounded" style={{ maxWidth: 720 }} loading="lazy"
            onError={(e) => { e.currentTarget.hidden = true; }} />
        )}
      </div>
    </article>
  );
}

/** The user guide on /docs: a search over the task pages, then the pages found (issue 36 #2). */
export function GuideSection() {
  const [params] = useSearchParams();
  const [query, setQuery] = useState('');
  const found = searchGuide(query);
  const wanted = params.get('guide');
  useEffect(() => {
    if (wanted) document.getElementById(`guide-${wanted}`)?.scrollIntoView({ block: 'start' });
  }, [wanted]);
  return (
    <section className="mb-3" data-testid="guide">
      <h5 className="mb-2">Guide</h5>
      <div className="d-flex align-items-center gap-2 mb-2 small">
        <label htmlFor="guide-search" className="mb-0">Search the guide</label>
        <input id="guide-search" type="search" className="form-control form-control-sm" style={{ maxWidth: 320 }} value={query}
          onChange={(e) => setQuery(e.target.value)} data-testid="guide-search" />
        <span className="text-secondary" data-testid="guide-count">{found.length} of {GUIDE_PAGES.length} pages</span>
      </div>
      <nav aria-label="Guide pages" className="mb-2 small">
        {found.map((p) => <a key={p.slug} href={`#guide-${p.slug}`} className="me-3">{p.title}</a>)}
      </nav>
      {found.map((p) => <GuideArticle key={p.slug} page={p} />)}
    </section>
  );
}
