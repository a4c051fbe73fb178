import { calendarQuery, configQuery, eventQuery } from '../../../api/queries.js';
import { listOf } from '../../../api/document.js';
import { queryClient } from '../../../api/query-client.js';
import { coverImage, coverImageId } from '../../../lib/image.js';

/**
 * A first visit to /events/{id} (part of the entry, run by the route as its chunk starts loading):
 * the event and its calendar are asked for alongside the page's chunk rather than after it, and
 * the cover — the page's largest paint on a phone — is preloaded as soon as the event is known,
 * before the page renders its <img> (the server's shell usually has it preloaded already).
 * Failures are left to the page, which asks again and says so.
 */
export function startEventPage(pathname: string): void {
  const id = /^\/events\/([^/]+)/.exec(pathname)?.[1];
  if (!id) return;
  void queryClient
    .query({ ...configQuery(), staleTime: 'static' })
    .then(async () => {
      void queryClient.query(calendarQuery(id)).catch(() => undefined);
      await queryClient.query(eventQuery(id)).catch(() => undefined);
      const event = listOf(queryClient.getQueryData(eventQuery(id).queryKey), 'event_template').at(0);
      const cover = coverImageId(event?.meta);
      if (cover) preloadImage(coverImage(cover));
    })
    .catch(() => undefined);
}

function preloadImage({ src, srcSet, sizes }: { src: string; srcSet: string; sizes: string }) {
  if ([...document.querySelectorAll('link[rel="preload"]')].some((l) => l.getAttribute('href') === src)) return;
  const link = document.createElement('link');
  const attributes = { rel: 'preload', as: 'image', href: src, imagesrcset: srcSet, imagesizes: sizes, fetchpriority: 'high' };
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.head.append(link);
}
