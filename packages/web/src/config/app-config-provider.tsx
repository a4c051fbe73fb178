import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { configQuery } from '../api/queries.js';
import { AppConfigContext } from './use-config.js';

/** Reads the configuration once for the whole shell and hands it to every `useAppConfig()` below, kept current with the cache. */
export function AppConfigProvider({ children }: { children: ReactNode }) {
  const config = useSuspenseQuery(configQuery()).data;
  return <AppConfigContext value={config}>{children}</AppConfigContext>;
}
