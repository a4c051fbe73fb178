import { createContext, useContext, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.js';
import { en } from '../../../i18n/en.js';
import { nextInChain, readUpsellChain } from './upsell-chain.js';

/**
 * 'Skip add-on' (docs/events.md#upsells-and-add-ons): on phones, in the reserve footer of an add-on route while nothing is
 * selected. Goes to the next add-on of the upsell chain, or on to checkout at its end.
 */
export function SkipAddOnButton({ eventId }: { eventId: string }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="button button--secondary skip-addon"
      onClick={() => {
        const next = nextInChain(readUpsellChain(), eventId);
        void navigate(next ? paths.event(next) : paths.checkout);
      }}
    >
      {en.upsell.skip}
    </button>
  );
}

/** The phone footer of an add-on route before the reserve footer takes its place. */
export function SkipAddOnFooter(props: { eventId: string }) {
  return (
    <div className="skip-addon-footer">
      <SkipAddOnButton {...props} />
    </div>
  );
}

/** The add-on whose route this is (null elsewhere), for the reserve footer below it. */
const AddOnRoute = createContext<string | null>(null);

export function AddOnRouteProvider({ eventId, children }: { eventId: string | null; children: ReactNode }) {
  return <AddOnRoute.Provider value={eventId}>{children}</AddOnRoute.Provider>;
}

/** In the reserve footer: the skip button on an add-on route while no ticket is chosen. */
export function SkipAddOnInReserveBar({ count }: { count: number }) {
  const eventId = useContext(AddOnRoute);
  return eventId && count === 0 ? <SkipAddOnButton eventId={eventId} /> : null;
}
