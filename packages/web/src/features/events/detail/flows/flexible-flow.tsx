import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { listOf } from '../../../../api/document.js';
import { firstOpenSessionQuery, reloadFirstOpenSession } from '../../../../api/queries.js';
import type { SellerInfo } from '../../../../config/use-config.js';
import { en } from '../../../../i18n/en.js';
import { ErrorNotice } from '../../../../ui/error-notice.js';
import type { EventDetail } from '../../../../shared/events/model.js';
import { QuantitySelection } from '../quantities/quantity-selection.js';
import { eventQuantityProps } from '../quantities/quantity-selection-props.js';
import { TitledStep } from './titled-step.js';
import { StepWarning } from '../step-messages.js';

/** Flexible (any-day) events: no date or time to choose; tickets go on the open session. */
export function FlexibleFlow({ detail, seller }: { detail: EventDetail; seller: SellerInfo }) {
  const client = useQueryClient();
  const query = useQuery(firstOpenSessionQuery(detail.event.id));
  const session = listOf(query.data, 'event_session').at(0) ?? null;
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div className="steps">
      <TitledStep id="step-tickets" title={en.event.chooseTickets}>
        <StepWarning text={notice} />
        {query.isError ? (
          <ErrorNotice title={en.event.errorTitle} error={query.error} onRetry={() => void query.refetch()} />
        ) : query.isSuccess && !session ? (
          <p className="notice notice--warning" role="status">
            {en.event.noTickets}
          </p>
        ) : (
          <>
            {detail.groups.some(({ group }) => ['tickets', 'passes', 'seated'].includes(group.handler)) && <p className="muted quantity-selection__hint">{en.event.flexible}</p>}
            <QuantitySelection
              key={session?.id ?? 'none'}
              {...eventQuantityProps(detail, seller.currency)}
              session={session}
              onSoldOut={() => {
                setNotice(en.event.noTickets);
                void reloadFirstOpenSession(client, detail.event.id).catch(() => undefined);
              }}
            />
          </>
        )}
      </TitledStep>
    </div>
  );
}
