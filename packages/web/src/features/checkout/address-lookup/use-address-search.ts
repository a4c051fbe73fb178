import { ADDRESS_SEARCH_DEBOUNCE_MS, ADDRESS_SEARCH_MIN } from '@foyer/contracts/rules';
import type { TAddressSuggestion } from '@foyer/contracts';
import { useEffect, useEffectEvent, useState } from 'react';
import { findAddresses } from './api.js';

export type SearchState = { kind: 'idle' } | { kind: 'searching' } | { kind: 'done'; suggestions: TAddressSuggestion[] };

/**
 * The suggestions for what is typed (docs/checkout.md#address-lookup): from 4 characters, 300 ms after the last
 * keystroke, only while the field has focus; a Container's id (drill down) asks at once. An
 * answer to an older question is dropped. A failure is handed to `onFail`.
 */
export function useAddressSearch(input: { text: string; container: string | null; country: string; focused: boolean; onFail: (error: unknown) => void }) {
  const [state, setState] = useState<SearchState>({ kind: 'idle' });
  const onFail = useEffectEvent(input.onFail);
  const { text, container, country, focused } = input;
  const wanted = focused && (!!container || text.trim().length >= ADDRESS_SEARCH_MIN);
  // Not searching any more: back to idle at once (react.dev: storing information from previous renders).
  const [wasWanted, setWasWanted] = useState(wanted);
  if (wanted !== wasWanted) {
    setWasWanted(wanted);
    if (!wanted) setState({ kind: 'idle' });
  }
  useEffect(() => {
    if (!wanted) return;
    const abort = new AbortController();
    const timer = setTimeout(
      () => {
        setState({ kind: 'searching' });
        findAddresses({ text: text.trim(), container: container ?? undefined, country }, abort.signal).then(
          (suggestions) => !abort.signal.aborted && setState({ kind: 'done', suggestions }),
          (error: unknown) => !abort.signal.aborted && onFail(error),
        );
      },
      container ? 0 : ADDRESS_SEARCH_DEBOUNCE_MS,
    );
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [text, container, country, wanted]);
  return state;
}
