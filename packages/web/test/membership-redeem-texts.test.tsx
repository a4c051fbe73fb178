import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configDocument, configEntry, EVENT_ID } from './fixtures.js';
import { membershipEventDocument, membershipServer, useMembershipTestEnv } from './membership-fixtures.js';
import { renderApp } from './render-app.js';

useMembershipTestEnv();

const CODE = 'AB3DEFGHJK';
const lookup = { code: CODE, valid_from: '2026-01-01T00:00:00.000Z', valid_to: '2027-12-01T00:00:00.000Z', exhausted: false, membership_event_id: EVENT_ID, levels: [{ ticket_type_id: 'tt-individual', name: 'Individual', price: '75.00', discount: '75.00', to_pay: '0.00' }] };

function redeemServer(meta: Record<string, unknown>) {
  const doc = membershipEventDocument();
  Object.assign(doc.ticket_group!._data[0], { meta });
  return membershipServer({
    doc,
    extra: (url) => {
      if (url.pathname === '/api/config') return { body: configDocument([configEntry('membership_event_id', EVENT_ID)]) };
      if (url.pathname === `/api/membership_gift/${CODE}`) return { body: lookup };
      return undefined;
    },
  });
}

describe('redeeming a gift: the seller’s words for it (docs/memberships.md#7-gifts-of-membership group meta)', () => {
  it('shows the group’s redeem summary and its description as sanitised HTML', async () => {
    redeemServer({ redeem_gom_summary: 'Your gift covers a whole year.', redeem_gom_description: '<p>Visit <strong>free</strong> all year.</p><script>window.bad = 1</script><img src=x onerror="window.bad = 1">' });
    renderApp(`/membership/redeem?code=${CODE}`);
    expect(await screen.findByText('Your gift covers a whole year.', {}, { timeout: 15_000 })).toBeTruthy();
    const strong = screen.getByText('free');
    expect(strong.tagName).toBe('STRONG');
    const description = strong.closest('.event-description')!;
    expect(description.querySelector('script')).toBeNull();
    expect(description.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });

  it('without them, only the levels', async () => {
    redeemServer({});
    renderApp(`/membership/redeem?code=${CODE}`);
    expect(await screen.findByRole('radio', { name: /Individual/ }, { timeout: 15_000 })).toBeTruthy();
    expect(document.querySelector('.redeem-summary, .event-description')).toBeNull();
  });
});

describe('redeeming a gift: where the code came from (docs/memberships.md#7-gifts-of-membership)', () => {
  async function redeemWith(path: string, typed?: string) {
    const { calls } = redeemServer({});
    renderApp(path);
    if (typed) {
      fireEvent.change(await screen.findByRole('textbox', { name: 'Gift code' }, { timeout: 20000 }), { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    }
    await screen.findByRole('radio', { name: /Individual/ }, { timeout: 20000 });
    const member = await screen.findByRole('group', { name: 'Member' }, { timeout: 20000 });
    fireEvent.change(within(member).getByLabelText('First name'), { target: { value: 'Grace' } });
    fireEvent.change(within(member).getByLabelText('Last name'), { target: { value: 'Hopper' } });
    fireEvent.change(within(member).getByLabelText(/E-mail|Email/i), { target: { value: 'grace@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem and continue' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/modify'))).toBe(true));
    const body = calls.find((c) => c.url.pathname.endsWith('/modify'))!.body as { add: { handler_data: Record<string, unknown> }[] };
    return body.add[0].handler_data;
  }

  it('a code from the link is sent as "query"', { timeout: 60000 }, async () => {
    expect(await redeemWith(`/membership/redeem?code=${CODE}`)).toMatchObject({ redeem_code: CODE, redeem_code_source: 'query' });
  });

  it('a typed code is sent as "input"', { timeout: 60000 }, async () => {
    expect(await redeemWith('/membership/redeem', CODE)).toMatchObject({ redeem_code: CODE, redeem_code_source: 'input' });
  });
});
