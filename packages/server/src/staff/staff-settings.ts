/** FOYER_STAFF_IDLE_MINUTES (default 30, 1–720): a staff session ends after this long without a request (docs/box-office.md). */
export function readStaffIdleMs(env: NodeJS.ProcessEnv, problems: string[]): number {
  const text = env.FOYER_STAFF_IDLE_MINUTES ?? '30';
  const minutes = Number(text);
  if (!/^\d+$/.test(text) || minutes < 1 || minutes > 720) problems.push(`FOYER_STAFF_IDLE_MINUTES must be a whole number of minutes 1–720, got "${text}"`);
  return minutes * 60_000;
}
