import { Link, Navigate, redirect } from 'react-router';
import { configQuery } from '../../api/queries.js';
import { paths } from '../../lib/paths.js';
import { queryClient } from '../../api/query-client.js';
import { admissionEventId, homeOptionsOrder, membershipPresell, type HomeOption } from '../../config/config.js';
import { useAppConfig } from '../../config/use-config.js';
import { en, format } from '../../i18n/en.js';
import { ChevronRight } from '../../ui/icons.js';
import { useDocumentTitle } from '../../ui/use-document-title.js';
import { useOptionalAccount, hasSession } from '../account/public.js';
import { pageTitleClass } from '../../ui/page-title.js';
import { COVER_IMAGE_WIDTH, sellerImageUrl } from '@foyer/contracts/rules';

/** Where home goes instead of showing itself: with membership presell off, the admission event (docs/events.md#listing). */
export function homeRedirect(entries: Parameters<typeof membershipPresell>[0], loggedIn = false): string | null {
  if (membershipPresell(entries) && !loggedIn) return null;
  const id = admissionEventId(entries);
  return id ? paths.event(id) : paths.events;
}

export async function loader() {
  const config = await queryClient.query({ ...configQuery(), staleTime: 'static' });
  // A logged-in member goes straight to the admission event too (docs/events.md#listing).
  const target = homeRedirect(config.entries, hasSession());
  if (target) throw redirect(target);
  return null;
}

const targets: Record<HomeOption, string> = {
  login: paths.login,
  join: paths.membership,
  guest: paths.events,
};

/** Home (/): login, join membership, continue as guest — in the configured order — and resend tickets. */
export function Component() {
  const config = useAppConfig();
  const options = homeOptionsOrder(config.entries);
  const account = useOptionalAccount();
  useDocumentTitle(en.home.title);
  const loggedInTarget = account?.user ? homeRedirect(config.entries, true) : null;
  if (loggedInTarget) return <Navigate to={loggedInTarget} replace />;
  // The seller's picture (meta image, docs/catalog.md#4-seller-venues-and-images): decorative, above the title.
  const banner = sellerImageUrl(config.seller?.meta);
  return (
    <section aria-labelledby="home-title">
      {banner && <img className="home-banner" src={banner} alt="" width={COVER_IMAGE_WIDTH} height={Math.round(COVER_IMAGE_WIDTH / (21 / 8))} decoding="async" />}
      <h1 id="home-title" className={pageTitleClass('lg')}>
        {config.seller?.name ? format(en.home.titleWithName, { name: config.seller.name }) : en.home.title}
      </h1>
      <p className="page-lead">{en.home.intro}</p>
      <ul className="home-options">
        {options.map((option) => (
          <li key={option}>
            <div className="home-option">
              <span className="home-option__text">
                <Link className="home-option__title" to={targets[option]} aria-describedby={`home-option-${option}-desc`} data-option={option}>
                  {en.home.options[option].title}
                </Link>
                <span id={`home-option-${option}-desc`} className="home-option__desc">
                  {en.home.options[option].text}
                </span>
              </span>
              <span className="home-option__chevron" aria-hidden="true">
                <ChevronRight />
              </span>
            </div>
          </li>
        ))}
      </ul>
      <p>
        <Link to={paths.resend}>{en.home.resend}</Link>
      </p>
    </section>
  );
}
