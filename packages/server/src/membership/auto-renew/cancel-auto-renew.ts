import { AUTO_RENEW_TEXT, type TAutoRenewCancelled } from '@foyer/contracts';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { readOwnOrder, type OrderAccess } from '../../orders/read-order.js';
import { cancelRenewalsOfOrder } from './renewal.repository.js';

/**
 * DELETE ticket_order/{id}/auto_renew (docs/memberships.md#8-auto-renew Cancel auto-renew, docs/memberships.md#8-auto-renew): with the buyer's login or the
 * order's manage key, the order's scheduled memberships become cancelled (one conditional update,
 * so a second cancel finds nothing scheduled). Any other state is "not enrolled"; someone who is
 * neither the buyer nor holds the key is "not authenticated".
 */
export async function cancelAutoRenew(db: Db, access: OrderAccess): Promise<TAutoRenewCancelled> {
  let orderId: string;
  try {
    orderId = (await readOwnOrder(db, access)).id;
  } catch (error) {
    // Without a key the order did not open to this login or browser: say how to (docs/memberships.md#8-auto-renew), whether or not the order exists.
    if (error instanceof AppError && error.status === 404 && !access.key) throw new AppError(401, 'not_authorized', AUTO_RENEW_TEXT.notAuthenticated, 'auto_renew');
    throw error;
  }
  const cancelled = await cancelRenewalsOfOrder(db, orderId, (access.now ?? new Date()).toISOString());
  if (!cancelled.length) throw new AppError(409, 'not_enrolled', AUTO_RENEW_TEXT.notEnrolled, 'auto_renew', { ticket_order_id: orderId });
  return { auto_renew_state: 'cancelled', membership_ids: cancelled.map((m) => m.id) };
}
