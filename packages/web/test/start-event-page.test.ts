import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startEventPage } from '../src/features/events/detail/start-event-page.js';
import { configDocument, EVENT_ID, eventDocument, installFetch } from './fixtures.js';
import { useAppTestEnv } from './app-test-env.js';

useAppTestEnv();

/** A first visit to /events/{id}: the event is asked for with the page's chunk, and its cover is preloaded. */
describe('startEventPage', () => {
  it('asks for the event and its calendar at once and preloads the cover, once', async () => {
    const { requests } = installFetch((url) => {
      if (url.pathname === '/api/config') return { body: configDocument([]) };
      if (url.pathname === `/cached_api/events/${EVENT_ID}`) return { body: eventDocument({ meta: { image_cover: 'img-cover' } }) };
      return undefined;
    });
    startEventPage(`/events/${EVENT_ID}`);
    await waitFor(() => expect(document.head.querySelector('link[rel="preload"][as="image"]')).not.toBeNull());
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')!;
    expect(link.getAttribute('href')).toBe('/api/image/img-cover?sizex=1500&shrink_only=T');
    expect(link.getAttribute('imagesrcset')).toContain('/api/image/img-cover?sizex=640&shrink_only=T 640w');
    expect(link.getAttribute('fetchpriority')).toBe('high');
    expect(requests.map((u) => u.pathname)).toEqual(expect.arrayContaining([`/cached_api/events/${EVENT_ID}`, `/cached_api/events/${EVENT_ID}/calendar`]));

    startEventPage(`/events/${EVENT_ID}`);
    await new Promise((r) => setTimeout(r, 20));
    expect(document.head.querySelectorAll('link[rel="preload"][as="image"]')).toHaveLength(1);
    link.remove();
  });

  it('does nothing off an event page', () => {
    const { requests } = installFetch(() => undefined);
    startEventPage('/events');
    expect(requests).toHaveLength(0);
  });
});
