import { ConfigResponse } from '@opencrt/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../app/session-context.tsx';
import { isExpired } from '../../app/session.ts';
import { ContactForm } from './contact-form.tsx';
import { LoginForm } from './login-form.tsx';

/** Home (/, /about_crt_hub, /more_information): banner, sign-in or Enter Hub, contact form, footer. */
export function HomePage() {
  const { session, api } = useSession();
  const config = useQuery({ queryKey: ['config'], queryFn: () => api.get('/config', ConfigResponse), staleTime: Infinity });
  const contactEmail = config.data?.ContactEmail;
  const location = useLocation();
  const signedIn = session && !isExpired(session);
  const showMore = location.pathname !== '/';
  return (
    <div className="container-xl">
      <div className="row g-4 mt-1">
        <div className="col-lg-8">
          <section className="crt-banner p-4 p-md-5 mb-4" data-testid="banner">
            <h1 className="display-6 fw-semibold">Credit-risk-transfer analytics</h1>
            <p className="lead mb-4">
              Cashflows and analytics on credit-risk-transfer transactions — bonds, reinsurance and mortgage
              insurance: STACR and CAS notes, ACIS and CIRT layers, MI-linked notes, RMBS, ABS and agency pools.
            </p>
            <p className="mb-4">Try it free: a complimentary 30-day trial.</p>
            <Link to="/more_information" className="btn btn-light">Learn More</Link>{' '}
            <Link to="/trial" className="btn btn-outline-light">Start a trial</Link>
          </section>
          {showMore && (
            <section className="crt-panel mb-4" data-testid="more-information">
              <h2 className="h5">What you can do</h2>
              <ul className="mb-0">
                <li>Run CPR, CDR, loss severity and delinquency scenarios — scalars, vectors or saved scenarios.</li>
                <li>Read collateral and bond cashflows, yield, price, spread, WAL and write-downs.</li>
                <li>Price ACIS and CIRT reinsurance layers: rate, loss and margin on line, ROI.</li>
                <li>Build portfolios and compare scenarios across deals.</li>
              </ul>
            </section>
          )}
          <ContactForm />
        </div>
        <div className="col-lg-4">
          {signedIn ? (
            <div className="crt-panel text-center" data-testid="enter-hub">
              <p className="mb-3">Signed in as <strong>{session.username}</strong>.</p>
              <Link className="btn btn-primary w-100" to="/deal_catalog">Enter Hub</Link>
            </div>
          ) : (
            <LoginForm />
          )}
        </div>
      </div>
      <footer className="crt-footer">
        OpenCRT — analytics for credit-risk-transfer deals. Figures of demo deals come from offering documents,
        press and synthetic data, as each deal record states.
        {contactEmail && (
          <div className="mt-1" data-testid="contact-address">
            Contact us: <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
          </div>
        )}
      </footer>
    </div>
  );
}
