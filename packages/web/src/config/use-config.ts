import { useSuspenseQuery } from '@tanstack/react-query';
import { createContext, use } from 'react';
import type { TConfigEntry } from '@foyer/contracts';
import { configQuery } from '../api/queries.js';
import { DEFAULT_CURRENCY, DEFAULT_TIMEZONE, type AppConfig } from './config.js';

/** The configuration as the shell read it (config/app-config-provider.tsx); null outside the shell. */
export const AppConfigContext = createContext<AppConfig | null>(null);

/**
 * The seller configuration loaded at start (the root loader makes sure it is in the cache).
 * Inside the shell it comes from the shell's one query, not a query per caller: a page has some
 * thirty callers, and one query observer each cost a tenth of a server render's CPU
 * (docs/server-rendering.md#speed). A part drawn on its own (a test) has a query of its own.
 */
export function useAppConfig(): AppConfig {
  const provided = use(AppConfigContext);
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a provider above a part never comes or goes while the part stays mounted (its parents would remount it), so each render calls the same hooks
  return provided ?? useSuspenseQuery(configQuery()).data;
}

export interface SellerInfo {
  id: string | null;
  name: string;
  timezone: string;
  currency: string;
  meta: Record<string, unknown>;
}

export function sellerInfo(config: AppConfig): SellerInfo {
  const seller = config.seller;
  return {
    id: seller?.id ?? null,
    name: seller?.name ?? '',
    timezone: seller?.timezone || DEFAULT_TIMEZONE,
    currency: seller?.currency || DEFAULT_CURRENCY,
    meta: seller?.meta ?? {},
  };
}

export function useSeller(): SellerInfo {
  return sellerInfo(useAppConfig());
}

export function useConfigEntries(): TConfigEntry[] {
  return useAppConfig().entries;
}
