import type { TAdminCartAnswer, TAuditAnswer, TAdminMemberList, TAdminMemberSetAnswer, TAdminCompAnswer, TAdminCompBody, TAdminMoveAnswer, TAdminMoveBody, TAdminMoveLinkAnswer, TAdminMoveLinkBody, TAdminMeAnswer, TAdminOrderDetail, TAdminOrderList, TAdminRefundAnswer, TAdminSalesReport, TAdminSessionList, TAdminSessionRow, TAdminTicketAnswer, TAdminTicketNameBody } from '@foyer/contracts';
import { queryOptions } from '@tanstack/react-query';
import { toApiError } from '../../api/client.js';

/**
 * The staff screens' calls to /api/admin (docs/box-office.md). Not the storefront's client: no
 * seller, no shared cache, no retries of writes; the staff cookie goes along on its own path.
 */
export async function adminCall<T>(path: string, options: { method?: 'GET' | 'POST' | 'PATCH'; body?: unknown } = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const response = await fetch(`/api/admin/${path}`, {
    method,
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
}

export const meQuery = () => queryOptions({ queryKey: ['admin_me', 'detail', 'me'], queryFn: () => adminCall<TAdminMeAnswer>('me'), retry: false });

export const ordersQuery = (q: string, sort: string, offset: number, limit: number) =>
  queryOptions({
    queryKey: ['admin_order', 'list', q, sort, offset, limit],
    queryFn: () => adminCall<TAdminOrderList>(`orders?${new URLSearchParams({ q, _sort: sort, _offset: String(offset), _limit: String(limit) })}`),
    enabled: q.trim().length >= 2,
  });

export const orderQuery = (id: string) => queryOptions({ queryKey: ['admin_order', 'detail', id], queryFn: () => adminCall<TAdminOrderDetail>(`orders/${encodeURIComponent(id)}`) });

export const sessionsQuery = (date: string, eventId?: string) =>
  queryOptions({
    queryKey: ['admin_session', 'list', date, eventId ?? null],
    queryFn: () => adminCall<TAdminSessionList>(`sessions?${new URLSearchParams({ date, _limit: '200', ...(eventId ? { event_id: eventId } : {}) })}`),
  });

export const reportQuery = (from: string, to: string) =>
  queryOptions({ queryKey: ['admin_report', 'detail', from, to], queryFn: async () => (await adminCall<{ admin_report: TAdminSalesReport }>(`reports/sales?${new URLSearchParams({ from, to })}`)).admin_report });

export const refundOrder = (id: string, body: { ticket_ids?: string[]; reason: string }) => adminCall<TAdminRefundAnswer>(`orders/${encodeURIComponent(id)}/refund`, { method: 'POST', body });
export const resendOrder = (id: string) => adminCall<{ sent_to: string }>(`orders/${encodeURIComponent(id)}/resend`, { method: 'POST', body: {} });
export const renameTicket = (orderId: string, ticketId: string, body: TAdminTicketNameBody) =>
  adminCall<TAdminTicketAnswer>(`orders/${encodeURIComponent(orderId)}/tickets/${encodeURIComponent(ticketId)}`, { method: 'PATCH', body });
export const patchSession = (id: string, body: { closed?: boolean; capacity?: number }) =>
  adminCall<{ admin_session: TAdminSessionRow }>(`sessions/${encodeURIComponent(id)}`, { method: 'PATCH', body });
export const moveTickets = (orderId: string, body: TAdminMoveBody) => adminCall<TAdminMoveAnswer>(`orders/${encodeURIComponent(orderId)}/move`, { method: 'POST', body });
export const sendMoveLink = (orderId: string, body: TAdminMoveLinkBody) => adminCall<TAdminMoveLinkAnswer>(`orders/${encodeURIComponent(orderId)}/move_link`, { method: 'POST', body });
export const issueComps = (body: TAdminCompBody) => adminCall<TAdminCompAnswer>('comps', { method: 'POST', body });
export const membersQuery = (q: string, offset: number, limit: number) =>
  queryOptions({
    queryKey: ['admin_member', 'list', q, offset, limit],
    queryFn: () => adminCall<TAdminMemberList>(`members?${new URLSearchParams({ q, _offset: String(offset), _limit: String(limit) })}`),
    enabled: q.trim().length >= 2,
  });
export const changeMember = (cardSetId: string, action: 'extend' | 'cancel' | 'auto_renew/cancel', body: { reason: string; valid_to?: string }) =>
  adminCall<TAdminMemberSetAnswer>(`members/${encodeURIComponent(cardSetId)}/${action}`, { method: 'POST', body });

export const resendMemberCards = (cardSetId: string, email?: string) => adminCall<{ sent_to: string }>(`members/${encodeURIComponent(cardSetId)}/resend`, { method: 'POST', body: email ? { email } : {} });

/** POST members/cards-to-print: a CSV (moves the export mark), answered as text with its file name. */
export async function cardsToPrint(): Promise<{ name: string; text: string }> {
  const response = await fetch('/api/admin/members/cards-to-print', { method: 'POST', credentials: 'same-origin', headers: { accept: 'text/csv' } });
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => null));
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'cards-to-print.csv';
  return { name, text: await response.text() };
}
export const auditQuery = (filters: Record<string, string>, offset: number, limit: number) =>
  queryOptions({
    queryKey: ['admin_audit', 'list', filters, offset, limit],
    queryFn: () => adminCall<TAuditAnswer>(`audit?${new URLSearchParams({ ...filters, _offset: String(offset), _limit: String(limit) })}`),
  });
export const createPaymentLink = (body: { items: { ticket_type: string; session: string; quantity: number }[]; purchaser: { email: string; first_name: string; last_name: string } | null; send_email: boolean }) =>
  adminCall<TAdminCartAnswer>('carts', { method: 'POST', body });
