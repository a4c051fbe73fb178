// Why: the date-first flow's choice between one date and flexible any-date tickets (docs/events.md#flows).
import { en } from '../../../../i18n/en.js';
import { TitledStep } from './titled-step.js';

export function VisitChoiceStep({ anyDay, onChoose }: { anyDay: boolean; onChoose: (flexible: boolean) => void }) {
  return (
    <TitledStep id="step-visit" title={en.quantities.flexibleChoice}>
      <div className="visit-choice" role="group" aria-labelledby="step-visit">
        <button type="button" className="visit-choice__option" aria-pressed={!anyDay} onClick={() => onChoose(false)}>
          <span className="visit-choice__title">{en.quantities.singleDate}</span>
          <span className="visit-choice__hint">{en.quantities.singleDateHint}</span>
        </button>
        <button type="button" className="visit-choice__option" aria-pressed={anyDay} onClick={() => onChoose(true)}>
          <span className="visit-choice__title">{en.quantities.anyDate}</span>
          <span className="visit-choice__hint">{en.quantities.anyDateHint}</span>
        </button>
      </div>
    </TitledStep>
  );
}
