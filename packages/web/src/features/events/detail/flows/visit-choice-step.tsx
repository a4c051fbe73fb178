// Why: the date-first flow's choice between one date and flexible any-date tickets (docs/events.md#flows).
import { en } from '../../../../i18n/en.js';

export function VisitChoiceStep({ anyDay, onChoose }: { anyDay: boolean; onChoose: (flexible: boolean) => void }) {
  return (
    <section className="panel step" aria-labelledby="step-visit">
      <div className="step__header">
        <h2 id="step-visit" className="step__title">
          {en.quantities.flexibleChoice}
        </h2>
      </div>
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
    </section>
  );
}
