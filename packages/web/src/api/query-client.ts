import { QueryClient } from '@tanstack/react-query';

/**
 * The app's query cache. The API client already retries GETs (network error, timeout, 502), so
 * TanStack Query does not retry again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
