import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths.js';
import { en } from '../../../i18n/en.js';
import { nextInChain, readUpsellChain } from './upsellChain.js';

/**
 * 'Skip add-on' (000 §2): on phones, in the footer of an add-on route while nothing is selected.
 * Goes to the next add-on of the upsell chain, or on to checkout at its end.
 */
export function SkipAddOnButton({ eventId }: { eventId: string }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="button button--secondary skip-addon"
      onClick={() => {
        const next = nextInChain(readUpsellChain(), eventId);
        navigate(next ? paths.event(next) : paths.checkout);
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
