import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useConfigEntries } from '../../config/use-config.js';
import { useOptionalAccount } from '../account/public.js';
import { useHydrated } from '../../lib/hydration.js';
import { blocksFor, contentBlocks, routeName, type RegionName } from './regions.js';

// The sanitiser loads only where a block shows: pages without custom content carry none of it.
const RegionHtml = lazy(() => import('./region-html.js'));

/** A named region of the page with the seller's blocks for this route and role (docs/routes.md#route-table). */
export function ContentRegion({ name }: { name: RegionName }) {
  const entries = useConfigEntries();
  const { pathname } = useLocation();
  const account = useOptionalAccount();
  // Sanitising needs the browser's DOM: a server-drawn page gets its blocks once hydrated.
  const hydrated = useHydrated();
  // While the account loads, the role is not known yet: nothing rather than the wrong block.
  if (account?.loading || !hydrated) return null;
  const blocks = blocksFor(contentBlocks(entries), name, routeName(pathname), account?.user ? 'member' : 'anonymous');
  if (!blocks.length) return null;
  return (
    <Suspense fallback={null}>
      <RegionHtml region={name} blocks={blocks.map((b) => b.html)} />
    </Suspense>
  );
}
