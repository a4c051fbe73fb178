import type { TAdminSessionListRow } from '@foyer/contracts';

/** One line of tickets staff add to an order (docs/box-office.md): a ticket type of the session, how many. */
export function TicketLineFields({ session, labels }: { session: TAdminSessionListRow; labels: { type: string; quantity: string } }) {
  return (
    <>
      <label>
        {labels.type}
        <select name="ticket_type" required>
          {session.ticket_types.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {labels.quantity}
        <input name="quantity" type="number" min={1} max={100} step={1} defaultValue={1} required />
      </label>
    </>
  );
}
