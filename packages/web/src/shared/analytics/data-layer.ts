import type { EcommerceEvent } from './ecommerce.js';

/**
 * Google Tag Manager (docs/events.md#tag-manager): loaded only when the seller configures a container id; pushes go
 * to window.dataLayer, each e-commerce event after clearing the previous one (GA4 practice).
 */
declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const CONTAINER_ID = /^GTM-[A-Z0-9]{4,12}$/;
let enabled = false;

export function isTagManagerId(value: unknown): value is string {
  return typeof value === 'string' && CONTAINER_ID.test(value);
}

/** Turns the pushes on and adds the container script once. */
export function enableTagManager(id: string, target: Window = window): void {
  if (!isTagManagerId(id)) return;
  enabled = true;
  const layer = (target.dataLayer ??= []);
  const doc = target.document;
  if (doc.querySelector(`script[data-gtm="${id}"]`)) return;
  layer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = doc.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  script.dataset.gtm = id;
  doc.head.appendChild(script);
}

export function disableTagManager(): void {
  enabled = false;
}

export function tagManagerEnabled(): boolean {
  return enabled;
}

/** Pushes an e-commerce event (nothing without a configured container or without items). */
export function pushEcommerce(event: EcommerceEvent, target: Window = window): void {
  if (!enabled || event.ecommerce.items.length === 0) return;
  const layer = (target.dataLayer ??= []);
  layer.push({ ecommerce: null });
  layer.push(event);
}
