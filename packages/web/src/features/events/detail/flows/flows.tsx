import { CONFIG } from '@foyer/contracts/constants';
import { configValue } from '../../../../config/config.js';
import { useAppConfig, type SellerInfo } from '../../../../config/use-config.js';
import { AddOneFlow } from './add-one-flow.js';
import { DateFirstFlow } from './date-first-flow.js';
import { FlexibleFlow } from './flexible-flow.js';
import type { DeepLink } from '../deep-links/deep-links.js';
import { chooseFlow, type FlowKind } from './flow.js';
import { MembersOnlyNotice } from './members-only-notice.js';
import { MembershipFlow } from '../../../membership/public.js';
import type { EventDetail } from '../../../../shared/events/model.js';
import { QuantityFirstFlow } from './quantity-first-flow.js';
import { SingleEventFlow } from './single-event-flow.js';

/** The flow of an event (docs/events.md#the-event-page) with the configured default reserve flow. */
export function useEventFlow(detail: EventDetail): FlowKind {
  const config = useAppConfig();
  return chooseFlow({ event: detail.event, groups: detail.groups, defaultFlow: configValue(CONFIG.defaultReserveFlow, detail.config, config.entries) });
}

/** The reserve flow of an event (docs/events.md#the-event-page), each in its own file. */
export function EventFlow({ flow, detail, seller, link }: { flow: FlowKind; detail: EventDetail; seller: SellerInfo; link: DeepLink }) {
  switch (flow) {
    case 'flexible':
      return <FlexibleFlow detail={detail} seller={seller} />;
    case 'date_first':
      return <DateFirstFlow detail={detail} seller={seller} link={link} />;
    case 'add_one':
      return <AddOneFlow detail={detail} currency={seller.currency} preselectTypeId={link.select ?? null} />;
    case 'members_only':
      return <MembersOnlyNotice />;
    case 'membership':
      return <MembershipFlow detail={detail} seller={seller} />;
    case 'single':
      return <SingleEventFlow detail={detail} seller={seller} link={link} />;
    case 'quantity_first':
      return <QuantityFirstFlow detail={detail} link={link} />;
  }
}
