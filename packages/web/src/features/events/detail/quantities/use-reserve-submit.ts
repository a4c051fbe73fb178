import type { TConfigEntry } from '@foyer/contracts';
import { useState, type RefObject } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../../api/client.js';
import { useAppConfig } from '../../../../config/use-config.js';
import { useOptionalCart } from '../../../../shared/cart/cart-context.js';
import { nextRouteAfterAdd } from '../../../../shared/cart/model.js';
import { reserveWithCodes } from '../../../promotions/public.js';
import { buildReservation, campaignOf, focusFirstInvalid, hasErrors, type FormErrors } from './reservation.js';

type Reservation = ReturnType<typeof buildReservation>;

export interface ReserveSubmitOptions {
  /** The form whose first invalid field is focused when the check refuses. */
  formRef: RefObject<HTMLElement | null>;
  /** The event's own configuration, read before the seller's for the route after the add. */
  eventConfig: readonly TConfigEntry[] | undefined;
  /** A refusal of the add, before its text is shown; returns true when it handled it (nothing shown). */
  onRefused?: (error: unknown) => boolean | Promise<boolean>;
  /** After a successful add, before leaving the page. */
  onAdded?: () => void;
}

/**
 * The reserve sequence every flow shares (docs/events.md#flows, docs/events.md#field-rules): stop at the first invalid field, else add
 * the tickets with their survey answers and the address's campaign in one call (a refused answer
 * adds nothing), then go on as configured after an add; a refusal is shown unless the flow
 * handles it (e.g. event_session_sold_out).
 */
export function useReserveSubmit({ formRef, eventConfig, onRefused, onAdded }: ReserveSubmitOptions) {
  const config = useAppConfig();
  const cart = useOptionalCart();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  /** `errors`: the form's check now; `build`: the add, called only when the check passes. */
  const submit = async (errors: FormErrors, build: () => Reservation) => {
    if (!cart || submitting) return;
    setServerError(null);
    if (hasErrors(errors)) {
      focusFirstInvalid(() => formRef.current);
      return;
    }
    const { add, additionalInfo, handlers } = build();
    const campaign = campaignOf(searchParams);
    setSubmitting(true);
    try {
      // Promo codes (promotions/): a ?code= link's code rides along; a code-required group asks for one.
      const added = await reserveWithCodes((body) => cart.store.modify(body), { add, ...(additionalInfo.length ? { additionalInfo } : {}), ...(campaign ? { campaign } : {}) }, () => setSubmitting(false));
      if (!added) return;
      onAdded?.();
      void navigate(nextRouteAfterAdd([...(eventConfig ?? []), ...config.entries], handlers));
    } catch (error) {
      setSubmitting(false);
      if (await onRefused?.(error)) return;
      setServerError(errorMessage(error));
    }
  };

  return { submit, submitting, serverError, clearError: () => setServerError(null), hasCart: cart !== null };
}
