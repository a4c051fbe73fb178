import { DEMO_CARDS } from '@foyer/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectFromRequest, parseInjectArgs } from '../src/cart/inject-command.js';
import { processOutbox } from '../src/mail/mail-worker.js';
import { smtpTransport } from '../src/mail/transport.js';
import { Browser } from './auth-harness.js';
import { dialects, testApp, type TestApp } from './harness.js';
import { localSmtp } from './local-smtp.js';

const HOT = '2026-06-07T14:00:00.000Z';

/** The MIME parts of a raw message: headers (lower-cased names) and the body as sent. */
function mimeParts(raw: string) {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((m) => m[1]);
  let parts = [raw];
  for (const b of boundaries) parts = parts.flatMap((p) => p.split(`--${b}`));
  return parts.map((p) => {
    const [head, ...body] = p.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const headers: Partial<Record<string, string>> = Object.fromEntries([...head.replace(/\r?\n[ \t]+/g, ' ').matchAll(/^([\w-]+):\s*(.*)$/gm)].map((m) => [m[1].toLowerCase(), m[2].trim()]));
    return { headers, body: body.join('\n\n') };
  });
}

describe.each(dialects())('order confirmation e-mail on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  it("a paid order's confirmation arrives over SMTP with the order's and each ticket's QR code as inline images", async () => {
    const request = await parseInjectArgs(['--item', `type=adult,session=hot@${HOT},quantity=2`, '--email', 'qr@example.com', '--first', 'Quinn', '--last', 'Reed']);
    const made = await injectFromRequest(t.db, t.dialect, request, 'https://shop.example', t.clock.now);
    const visitor = new Browser(t.app, '10.3.0.1');
    await visitor.post(`/api/cart/${made.cartId}/transfer`, { key: made.key });
    const paid = await visitor.post(`/api/cart/${made.cartId}/pay`, { amount: '40.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    expect(paid.body.outcome).toBe('completed');
    const order = paid.body.ticket_order._data[0];
    const scanCodes: string[] = paid.body.ticket._data.map((x: { scan_code: string }) => x.scan_code);

    const smtp = await localSmtp();
    const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}?starttls=off`, 'box@foyer.test');
    try {
      expect((await processOutbox({ db: t.db, transport, now: () => t.clock.now })).sent).toBe(1);
    } finally {
      transport.close?.();
      await smtp.close();
    }
    const [mail] = smtp.received;
    expect(mail.to).toEqual(['qr@example.com']);
    const parts = mimeParts(mail.raw);
    const images = parts.filter((p) => p.headers['content-type']?.startsWith('image/png'));
    expect(images.map((p) => p.headers['content-id'])).toEqual([`<order-${order.id}@foyer>`, `<ticket-1-${order.id}@foyer>`, `<ticket-2-${order.id}@foyer>`]);
    for (const image of images) {
      expect(image.headers['content-disposition']).toMatch(/^inline/);
      const png = Buffer.from(image.body.replace(/\s+/g, ''), 'base64');
      expect((await sharp(png).metadata()).format).toBe('png');
    }
    // The html shows them by cid, never from a remote address.
    const html = parts.find((p) => p.headers['content-type']?.startsWith('text/html'))!;
    const htmlText = html.headers['content-transfer-encoding'] === 'quoted-printable' ? html.body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16))) : html.body;
    expect(htmlText).toContain(`src="cid:order-${order.id}@foyer"`);
    expect(htmlText).toContain(`src="cid:ticket-2-${order.id}@foyer"`);
    expect(htmlText).toContain(`alt="QR code for ticket ${scanCodes[1]}"`);
    expect(htmlText).not.toMatch(/<img[^>]+src="https?:/);
    // The development mailbox lists the images.
    const box = await visitor.get('/api/dev/mailbox?to=qr@example.com');
    expect(box.body.mailbox._data[0].attachments.map((a: { cid: string }) => a.cid)).toHaveLength(3);
  });
});
