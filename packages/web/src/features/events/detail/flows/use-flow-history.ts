import { useEffect, useEffectEvent, useRef } from 'react';
import { NavigationType, useLocation, useNavigate, useNavigationType } from 'react-router';

/** The history state key holding the step a history entry stands for. */
export const FLOW_STEP_STATE = 'flowStep';

export function stepOfState(state: unknown): number {
  const value = state && typeof state === 'object' ? (state as Record<string, unknown>)[FLOW_STEP_STATE] : undefined;
  return typeof value === 'number' && value >= 0 ? value : 0;
}

/**
 * Browser Back between the steps of a flow: each step reached pushes a history entry (same
 * address, the step in the history state); when the browser goes back to an entry of an earlier
 * step, `onBack(step)` clears what was chosen after it. Going back with a 'Change' button
 * replaces the entry instead, so Back then leaves from there.
 */
export function useFlowHistory(level: number, onBack: (level: number) => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const stateLevel = stepOfState(location.state);
  const onBackEvent = useEffectEvent(onBack);
  const previous = useRef(level);

  useEffect(() => {
    const was = previous.current;
    previous.current = level;
    if (level === was || level === stateLevel) return;
    const to = { pathname: location.pathname, search: location.search, hash: location.hash };
    const held: unknown = location.state;
    const state = { ...(held && typeof held === 'object' ? held : {}), [FLOW_STEP_STATE]: level };
    void navigate(to, { state, replace: level < was, preventScrollReset: true });
    // Only a change of step moves history.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of step moves history, not a location change
  }, [level]);

  useEffect(() => {
    if (navigationType === NavigationType.Pop && stateLevel < previous.current) {
      previous.current = stateLevel;
      onBackEvent(stateLevel);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reacts to a history move (location.key) only
  }, [location.key]);
}
