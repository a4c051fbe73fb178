// Why: the event's display settings, read once from its config and the seller's, by each part that shows
// dates, times or prices, in place of four values drilled through every flow step (docs/events.md#flows).
import { eventDisplaySettings, type EventDisplaySettings } from '../../../config/config.js';
import { sellerInfo, useAppConfig } from '../../../config/use-config.js';
import { en } from '../../../i18n/en.js';
import type { EventDetail } from '../../../shared/events/model.js';

/** The settings, with the seller's currency that every price shown goes with. */
export interface EventDisplay extends EventDisplaySettings {
  currency: string;
}

export function useEventDisplay(detail: EventDetail): EventDisplay {
  const config = useAppConfig();
  return { ...eventDisplaySettings(detail.config, config.entries, en.sessions.defaultTabLabels), currency: sellerInfo(config).currency };
}
