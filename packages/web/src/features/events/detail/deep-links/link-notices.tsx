// Why: every flow says the same about its deep link (docs/deep-links.md#deep-links-to-an-event): what went wrong, and
// that its tickets are being reserved.
import { en } from '../../../../i18n/en.js';
import { StepWarning } from '../step-messages.js';

/** A flow's warnings at the top, its link's among them (empty ones are skipped), and, while the link reserves, that it does. */
export function LinkNotices({ warnings, reserving }: { warnings: (string | null)[]; reserving: boolean }) {
  return (
    <>
      {warnings.filter(Boolean).map((text) => (
        <StepWarning key={text} text={text} />
      ))}
      {reserving && (
        <p className="notice notice--info step__notice" role="status">
          {en.deepLinks.reserving}
        </p>
      )}
    </>
  );
}
