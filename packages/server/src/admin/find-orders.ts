import { fromMinor, type TAdminOrderList, type TAdminOrderQuery, type TAdminOrderRow } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { document } from '../http/envelope.js';
import { findOrders } from './admin-orders.repository.js';

interface BuyerRow {
  id: string;
  order_number: string;
  state: string;
  created_at: string;
  total: number;
  paid: number;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
}

export function orderRowOut(r: BuyerRow, ticketCount: number): TAdminOrderRow {
  const name = [r.first_name, r.last_name].filter(Boolean).join(' ');
  return {
    id: r.id,
    order_number: r.order_number,
    state: r.state,
    created_at: r.created_at,
    total: fromMinor(r.total),
    paid: fromMinor(r.paid),
    email: r.email,
    name: name || null,
    phone: r.phone,
    ticket_count: ticketCount,
  };
}

/** GET admin/orders?q= (docs/box-office.md, Find): a page of matching orders. */
export async function findAdminOrders(db: Db, q: TAdminOrderQuery): Promise<TAdminOrderList> {
  const { rows, total } = await findOrders(db, q);
  return document('admin_order', rows.map((r) => orderRowOut(r, r.ticket_count ?? 0)), total, {}, { offset: q._offset, limit: q._limit }) as TAdminOrderList;
}
