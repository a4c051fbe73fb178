import { CONFIG } from '@foyer/contracts';
import { configValue } from '../../../config/config.js';
import { useAppConfig, type SellerInfo } from '../../../config/useConfig.js';
import { AddOneFlow } from './AddOneFlow.js';
import type { DeepLink } from './deepLinks.js';
import { chooseFlow, type FlowKind } from './flow.js';
import { MembersOnlyNotice } from './MembersOnlyNotice.js';
import { MembershipFlow } from '../../membership/MembershipFlow.js';
import type { EventDetail } from './model.js';
import { QuantityFirstFlow } from './QuantityFirstFlow.js';
import { SingleEventFlow } from './SingleEventFlow.js';

/** The flow of an event (000 §2) with the configured default reserve flow. */
export function useEventFlow(detail: EventDetail): FlowKind {
  const config = useAppConfig();
  return chooseFlow({ event: detail.event, groups: detail.groups, defaultFlow: configValue(CONFIG.defaultReserveFlow, detail.config, config.entries) });
}

/** The flows other than date-first and flexible (those live on the event page itself). */
export function OtherFlow({ flow, detail, seller, link }: { flow: Exclude<FlowKind, 'date_first' | 'flexible'>; detail: EventDetail; seller: SellerInfo; link?: DeepLink }) {
  switch (flow) {
    case 'add_one':
      return <AddOneFlow detail={detail} currency={seller.currency} preselectTypeId={link?.select ?? null} />;
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
