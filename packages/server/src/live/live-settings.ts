/** Bounds of the live availability streams (docs/live-availability.md), read with the other settings. */
export interface LiveSettings {
  /** FOYER_LIVE_STREAMS_PER_IP: open streams one client address may hold (then 429). */
  perAddress: number;
  /** FOYER_LIVE_STREAMS_MAX: open streams in this process (then 429). */
  perProcess: number;
  /** FOYER_LIVE_HEARTBEAT_S: a comment line on every stream this often, so proxies keep it open and dead peers are found. */
  heartbeatMs: number;
  /** FOYER_LIVE_BUFFER_KB: what one stream may have unsent before it is dropped as a slow consumer. */
  bufferBytes: number;
}

export const LIVE_DEFAULTS: LiveSettings = { perAddress: 20, perProcess: 20_000, heartbeatMs: 25_000, bufferBytes: 64 * 1024 };

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    problems.push(`${name} must be a whole number ${min}–${max}, got "${text}"`);
    return fallback;
  }
  return value;
}

export function readLiveSettings(env: NodeJS.ProcessEnv, problems: string[]): LiveSettings {
  return {
    perAddress: whole(env, 'FOYER_LIVE_STREAMS_PER_IP', LIVE_DEFAULTS.perAddress, 1, 100_000, problems),
    perProcess: whole(env, 'FOYER_LIVE_STREAMS_MAX', LIVE_DEFAULTS.perProcess, 0, 1_000_000, problems),
    heartbeatMs: whole(env, 'FOYER_LIVE_HEARTBEAT_S', LIVE_DEFAULTS.heartbeatMs / 1000, 1, 3600, problems) * 1000,
    bufferBytes: whole(env, 'FOYER_LIVE_BUFFER_KB', LIVE_DEFAULTS.bufferBytes / 1024, 1, 65_536, problems) * 1024,
  };
}
