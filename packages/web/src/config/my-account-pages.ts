import type { TConfigEntry } from '@foyer/contracts';
import { CONFIG, MY_ACCOUNT_PAGES_KEY } from '@foyer/contracts/constants';
import { configValue } from './config.js';

/** The My Account pages a seller may show (docs/accounts.md#my-account: my_account_pages). */
export const MY_ACCOUNT_PAGES = ['my_profile', 'upcoming_events', 'recent_orders'] as const;
export type MyAccountPage = (typeof MY_ACCOUNT_PAGES)[number];

/**
 * `web.my_account`: `false` turns My Account off; `{ "pages": [...] }` chooses and orders its pages;
 * else the spec's `web.my_account_pages` list (docs/accounts.md#my-account) does; unset, all of them. Unknown page names
 * are left out.
 */
export function myAccountPages(entries: readonly TConfigEntry[]): MyAccountPage[] {
  const value = configValue(CONFIG.myAccount, entries);
  if (value === false) return [];
  const own = (value as { pages?: unknown } | null | undefined)?.pages;
  const pages = Array.isArray(own) ? own : configValue(MY_ACCOUNT_PAGES_KEY, entries);
  if (!Array.isArray(pages)) return [...MY_ACCOUNT_PAGES];
  return pages.filter((p): p is MyAccountPage => (MY_ACCOUNT_PAGES as readonly string[]).includes(p as string));
}

export const MY_ACCOUNT_PATHS: Record<MyAccountPage, string> = {
  my_profile: '/my/profile',
  upcoming_events: '/my/upcoming',
  recent_orders: '/my/orders',
};
