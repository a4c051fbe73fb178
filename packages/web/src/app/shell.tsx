import { useEffect, useLayoutEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { Link, Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { copyrightText, themeTokens } from '../config/config.js';
import { applyThemeTokens } from '../config/theme.js';
import { sellerInfo, useAppConfig, type SellerInfo } from '../config/use-config.js';
import { AppConfigProvider } from '../config/app-config-provider.js';
import { en, format } from '../i18n/en.js';
import { logoUrl } from '../lib/image.js';
import { CartProvider } from '../shared/cart/cart-context.js';
import { CartButton } from '../features/cart/cart-widget.js';
import { AccountProvider } from '../features/account/account-context.js';
import { MemberMenu } from '../features/account/member-menu.js';
import { MemberReads } from '../features/membership/member-reads.js';
import { CodeModalSlot } from './code-modal-slot.js';
import { paths } from '../lib/paths.js';
import { appReady } from '../lib/hydration.js';
import { ContentRegion } from '../features/content-regions/content-region.js';
import { sellerLinks, sellerOffsetTokens, type SellerLinkName } from '@foyer/contracts/rules';

/** The app shell (docs/routes.md#route-table): skip link, header with logo and member menu, main, footer. */
export function Shell() {
  return (
    <AppConfigProvider>
      <ShellFrame />
    </AppConfigProvider>
  );
}

function ShellFrame() {
  const config = useAppConfig();
  const seller = sellerInfo(config);
  const navigation = useNavigation();
  useThemeTokens(config.entries, seller.meta);
  useFocusOnNavigate();
  // Hydrated (or drawn afresh): from now on pages draw as the browser's own (lib/hydration.ts).
  useEffect(appReady, []);

  return (
    <CartProvider sellerId={seller.id} timezone={seller.timezone}>
      <AccountProvider>
      <div className="app">
        <SkipLink />
        {navigation.state === 'loading' && <div className="nav-progress" role="progressbar" aria-label={en.app.loading} />}
        <Header seller={seller} cart={<CartButton />} />
        <main id="main" className="main" tabIndex={-1}>
          <ContentRegion name="page_top" />
          <Outlet />
          <ContentRegion name="page_bottom" />
        </main>
        <Footer seller={seller} copyright={copyrightText(config.entries)} />
        <ScrollRestoration />
        <CodeModalSlot />
      </div>
      {/* Here, not in AccountProvider: membership reads the account, so the account must not render membership. */}
      <MemberReads />
      </AccountProvider>
    </CartProvider>
  );
}

/** web.theme's tokens, then the seller's sizes (meta `offsets`, docs/routes.md#app-shell-and-modals), as the server's HTML shell sets them. */
function useThemeTokens(entries: Parameters<typeof themeTokens>[0], meta: Record<string, unknown>) {
  const tokens = JSON.stringify({ ...themeTokens(entries), ...sellerOffsetTokens(meta) });
  useEffect(() => applyThemeTokens(JSON.parse(tokens) as Record<string, string>), [tokens]);
}

/**
 * After a client-side navigation to another page, move focus to the main region (screen readers).
 * At commit, not a frame later: by then the visitor may have focused something (the cart button)
 * that it would take focus from.
 */
function useFocusOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

export function SkipLink() {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById('main');
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a className="skip-link" href="#main" onClick={onClick}>
      {en.app.skipLink}
    </a>
  );
}

export function Header({ seller, cart }: { seller: SellerInfo; cart?: ReactNode }) {
  const logo = logoUrl(seller.meta.logo);
  const name = seller.name || en.listing.title;
  // Phones show the seller's short name (meta short_name), on one line; wider screens the full name.
  const short = typeof seller.meta.short_name === 'string' && seller.meta.short_name.trim() ? seller.meta.short_name.trim().slice(0, 40) : null;
  return (
    <header className="header">
      <div className="header__inner">
        <Link to={paths.home} className="header__brand" aria-label={logo ? format(en.app.logoHome, { name }) : undefined}>
          {logo ? (
            <img className="header__logo" src={logo} alt="" height={32} />
          ) : short ? (
            <>
              <span className="header__name header__name--full">{name}</span>
              <span className="header__name header__name--short" aria-hidden="true">
                {short}
              </span>
            </>
          ) : (
            <span className="header__name">{name}</span>
          )}
        </Link>
        <div className="header__actions">
          <MemberMenu />
          {cart}
        </div>
      </div>
    </header>
  );
}

export function Footer({ seller, copyright }: { seller: SellerInfo; copyright: string | null }) {
  const year = new Date().getFullYear();
  const text = format(copyright ?? en.app.copyright, { year, name: seller.name });
  const links = sellerLinks(seller.meta);
  return (
    <footer className="footer">
      <div className="footer__inner">
        {links.length > 0 && (
          <nav className="footer__links" aria-label={en.app.sellerLinks}>
            <ul>
              {links.map((link) => (
                <li key={link.name}>
                  <a href={link.href}>{link.label ?? en.app.sellerLinkNames[link.name as SellerLinkName]}</a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <p>{text}</p>
        <p>{en.app.poweredBy}</p>
      </div>
    </footer>
  );
}

/** While the configuration loads at start: the shell's frame, so nothing jumps when it arrives. */
export function ShellFallback() {
  return (
    <div className="app" aria-busy="true">
      <header className="header">
        <div className="header__inner">
          <span className="skeleton" style={{ width: 180, height: 24 }} aria-hidden="true" />
        </div>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        <p className="visually-hidden" role="status">
          {en.app.loading}
        </p>
      </main>
    </div>
  );
}
