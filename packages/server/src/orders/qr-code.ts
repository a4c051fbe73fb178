import QRCode from 'qrcode';

/** What an order's QR code carries (the complete page, the e-mail, the scanners). */
export const orderQrText = (order: { id: string; order_number: string }) => `FOYER-ORDER:${order.order_number}:${order.id}`;

/** A QR code as PNG; margin in modules, width in pixels. */
export function qrPng(text: string, options: { margin?: number; width?: number } = {}): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', margin: options.margin ?? 4, width: options.width ?? 320 });
}
