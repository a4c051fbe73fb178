import { useSuspenseQuery } from '@tanstack/react-query';
import type { TConfigEntry } from '@foyer/contracts';
import { configQuery } from '../api/queries.js';
import { DEFAULT_CURRENCY, DEFAULT_TIMEZONE, type AppConfig } from './config.js';

/** The seller configuration loaded at start (the root loader makes sure it is in the cache). */
export function useAppConfig(): AppConfig {
  return useSuspenseQuery(configQuery()).data;
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
