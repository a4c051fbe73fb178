import { Link } from 'react-router';
import { paths } from '../../../lib/paths.js';
import { admissionEventId } from '../../../config/config.js';
import { useAppConfig } from '../../../config/use-config.js';
import { en } from '../../../i18n/en.js';

/** An add-on opened without an admission in the cart (docs/events.md#upsells-and-add-ons): the refusal and the way to an admission. */
export function AnchorRequired() {
  const admission = admissionEventId(useAppConfig().entries);
  return (
    <div className="notice notice--warning anchor-required" role="status">
      <p>{en.event.addAnchorFirst}</p>
      {admission && (
        <Link className="button button--secondary" to={paths.event(admission)}>
          {en.upsell.chooseAdmission}
        </Link>
      )}
    </div>
  );
}
