// The component viewer (docs/routes.md#route-table /_stories): the shared components in their states, so a designer can check a theme. Development builds only.
import { useState } from 'react';
import './stories.css';
import { priceDisplay } from '../../config/config.js';
import { useConfigEntries } from '../../config/use-config.js';
import { Modal } from '../../ui/modal.js';
import { Skeleton, SkeletonLines } from '../../ui/skeleton.js';
import { CalendarModal, PriceList, QuantityRow, quantityLimits, typeKey, type Quantities, flexiblePriceError } from '../events/public.js';
import { IdentityFields, validateIdentityAnswers } from '../checkout/public.js';
import { calendarDays, FORM, PRICE_GROUPS, QUANTITY_GROUPS, QUANTITY_ROOM } from './story-data.js';

const QUANTITY_LIMITS = quantityLimits({ groups: QUANTITY_GROUPS, groupAvailable: QUANTITY_ROOM, sessionAvailable: 20 });

function Story({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="panel story" aria-label={title}>
      <h2 className="section-title">{title}</h2>
      {children}
    </section>
  );
}

export function Component() {
  const entries = useConfigEntries();
  const [modal, setModal] = useState(false);
  const [calendar, setCalendar] = useState(false);
  const [quantities, setQuantities] = useState<Quantities>({ [typeKey('g-general', 't-adult')]: 2, [typeKey('g-members', 't-donation')]: 1 });
  const [amounts, setAmounts] = useState<Record<string, string>>({ [typeKey('g-members', 't-donation')]: '2.50' });
  const [answers, setAnswers] = useState<Record<string, string | boolean>>({ country: 'us', first_name: 'Ada', email: 'not-an-email' });
  const today = new Date();
  return (
    <div className="stories">
      <h1 className="page-title">Component viewer</h1>
      <p className="muted">Development builds only: every shared component in its states, with this seller's theme.</p>

      <Story title="Buttons, notices and badges">
        <div className="stories__row">
          <button type="button" className="button">Primary</button>
          <button type="button" className="button button--secondary">Secondary</button>
          <button type="button" className="button" disabled>Disabled</button>
          <button type="button" className="button--link">Link button</button>
          <span className="badge">Badge</span>
          <span className="badge badge--test">Test mode</span>
        </div>
        <p className="notice notice--info">An informative notice.</p>
        <p className="notice notice--error">There were errors found in the information you submitted. Please address the errors and re-submit the form.</p>
      </Story>

      <Story title="Modal (a drawer on phones)">
        <button type="button" className="button" onClick={() => setModal(true)}>Open the modal</button>
        <Modal open={modal} title="A modal" onClose={() => setModal(false)}>
          <div className="dialog-body"><p>On a phone this slides up from the bottom as a drawer.</p></div>
          <div className="dialog-actions"><button type="button" className="button" data-autofocus onClick={() => setModal(false)}>Close</button></div>
        </Modal>
      </Story>

      <Story title="Calendar">
        <button type="button" className="button" onClick={() => setCalendar(true)}>Choose date</button>
        <CalendarModal open={calendar} onClose={() => setCalendar(false)} onSelect={() => setCalendar(false)} days={calendarDays(today)} today={today.toISOString().slice(0, 10)} selected={null} display={{ currency: 'USD', prices: priceDisplay(entries), threshold: 10 }} rules={[]} />
      </Story>

      <Story title="Price list">
        <PriceList groups={PRICE_GROUPS} currency="USD" />
      </Story>

      <Story title="Quantity row">
        <ul className="qty-list">
          {QUANTITY_GROUPS.flatMap(({ group, types }) =>
            types.map((priceType) => {
              const key = typeKey(group.id, priceType.type.id);
              const { currency_amount_min: min, currency_amount_max: max } = priceType.type;
              return (
                <QuantityRow
                  key={key}
                  priceType={priceType}
                  typeKeyValue={key}
                  fields={{ limits: QUANTITY_LIMITS, quantities, currency: 'USD', onQuantities: setQuantities }}
                  amount={amounts[key]}
                  amountError={min && max ? (flexiblePriceError(amounts[key] ?? '', min, max) ?? undefined) : undefined}
                  onAmount={(value) => setAmounts((a) => ({ ...a, [key]: value }))}
                />
              );
            }),
          )}
        </ul>
      </Story>

      <Story title="Form with errors">
        <IdentityFields id="story-identity" form={FORM} value={answers} errors={validateIdentityAnswers(FORM, answers)} onChange={(key, value) => setAnswers((a) => ({ ...a, [key]: value }))} />
      </Story>

      <Story title="Loading">
        <Skeleton width={240} height={24} />
        <SkeletonLines lines={3} widths={['90%', '75%', '40%']} />
      </Story>
    </div>
  );
}
