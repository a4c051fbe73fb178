import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppTestEnv } from './app-test-env.js';
import { configDocument, installFetch } from './fixtures.js';
import { renderApp } from './render-app.js';

/** /resend (docs/after-sale.md#resending-tickets Resend order; docs/after-sale.md#resending-tickets: the 404 text). */

const notFound = { status: 404, body: { _data: [{ _code: 'not_found', _context: 'ticket_order', _description: 'No orders could be found for this email address.', _extra: null }] } };

function server(answer: (email: string) => { status?: number; body: unknown }) {
  return installFetch((url, request) => {
    if (url.pathname === '/api/config') return { body: configDocument() };
    if (url.pathname === '/api/ticket_order/resend' && request.method === 'POST') return answer((request.body as { email: string }).email);
    return undefined;
  });
}

async function submit(email: string) {
  const field = await screen.findByRole('textbox', { name: /Email/ }, { timeout: 15_000 });
  fireEvent.change(field, { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Resend tickets' }));
}

describe('/resend', () => {
  useAppTestEnv();

  it('sends the address to POST ticket_order/resend and says the tickets are on their way', async () => {
    const { calls } = server(() => ({ body: { sent: true } }));
    renderApp('/resend');
    expect(await screen.findByRole('heading', { level: 1, name: 'Resend tickets' })).toBeTruthy();
    await submit('  ada@example.com ');
    expect((await screen.findByRole('status')).textContent).toBe('Your tickets are on their way to ada@example.com. Please check your inbox.');
    expect(calls.find((c) => c.url.pathname === '/api/ticket_order/resend')?.body).toEqual({ email: 'ada@example.com' });
  });

  it('shows the spec text when no orders were found, and keeps the form to try another address', async () => {
    server(() => notFound);
    renderApp('/resend');
    await submit('nobody@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe('No orders could be found for this email address.');
    expect(screen.getByRole('button', { name: 'Resend tickets' })).toBeTruthy();
  });

  it('checks the address before sending anything', async () => {
    const { calls } = server(() => ({ body: { sent: true } }));
    renderApp('/resend');
    await submit('not-an-address');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Email/ }).getAttribute('aria-invalid')).toBe('true'));
    expect(calls.some((c) => c.url.pathname === '/api/ticket_order/resend')).toBe(false);
  });
});
