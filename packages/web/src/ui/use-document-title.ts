import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { configQuery } from '../api/queries.js';

/** Sets document.title to "<page> · <seller>". */
export function useDocumentTitle(title: string | null | undefined): void {
  const client = useQueryClient();
  const seller = client.getQueryData(configQuery().queryKey)?.seller?.name;
  useEffect(() => {
    const parts = [title, seller].filter(Boolean);
    if (parts.length) document.title = parts.join(' · ');
  }, [title, seller]);
}
