import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { configQuery } from '../../api/queries.js';
import { loadInstalmentPayPage } from '../manage/public-routes.js';

type CardModule = Awaited<ReturnType<typeof loadInstalmentPayPage>>;

/**
 * How the desk takes a card (docs/box-office.md#move): the seller's payment settings and, when cards
 * go through Stripe, the checkout's Stripe card field. Both come from the instalment pay page's
 * route chunk by a dynamic import made only when a difference is to be charged: importing the card
 * field's own module from the staff screens would split it off the chunk the checkout shares, and
 * the storefront's route table would list one more file.
 */
export function useDeskCard(enabled: boolean) {
  const config = useQuery({ ...configQuery(), enabled });
  const [module, setModule] = useState<CardModule | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!enabled || module) return;
    loadInstalmentPayPage().then(setModule, () => setFailed(true));
  }, [enabled, module]);
  const ready = (!!config.data || config.isError) && (!!module || failed);
  const settings = config.data && module ? module.paymentSettings(config.data.entries, {}) : null;
  const stripeKey = settings?.cardGateway === 'stripe' ? settings.stripePublishableKey : null;
  return { ready, stripeKey, StripeCardField: stripeKey && module ? module.StripeCardField : null };
}
