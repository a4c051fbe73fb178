/**
 * Settings of abuse limits and operations (images, holds, metrics), read with the others by
 * readSettings. Kept apart so the main settings file stays about the storefront.
 */
export interface OperationsSettings {
  /** FOYER_IMAGE_RENDERS_PER_MINUTE: image resizes (cache misses) one client address may cause per minute. */
  imageRendersPerMinute: number;
  /** FOYER_IMAGE_CACHE_MB: memory for resized images, per process. */
  imageCacheMb: number;
  /** FOYER_MAX_HELD_TICKETS_PER_CART: live held tickets in one cart (and one identity's carts). */
  maxHeldTicketsPerCart: number;
  /** FOYER_MAX_HELD_TICKETS_PER_IP: live held tickets in carts created from one client address. */
  maxHeldTicketsPerIp: number;
  /** FOYER_CARTS_PER_IP_PER_HOUR: new carts one client address may create per hour. */
  cartsPerIpPerHour: number;
  /** FOYER_METRICS=true serves Prometheus metrics; off by default. */
  metrics: MetricsSettings | null;
}

export interface MetricsSettings {
  /** FOYER_METRICS_TOKEN: GET /metrics needs `Authorization: Bearer <token>`. */
  token: string | null;
  /** FOYER_METRICS_PORT: serve /metrics on this port (bound to FOYER_METRICS_HOST) instead of the public one. */
  port: number | null;
  host: string;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, problems: string[]): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min) {
    problems.push(`${name} must be a whole number of at least ${min}, got "${text}"`);
    return fallback;
  }
  return value;
}

export function readOperationsSettings(env: NodeJS.ProcessEnv, problems: string[]): OperationsSettings {
  return {
    imageRendersPerMinute: wholeNumber(env, 'FOYER_IMAGE_RENDERS_PER_MINUTE', 120, 1, problems),
    imageCacheMb: wholeNumber(env, 'FOYER_IMAGE_CACHE_MB', 64, 0, problems),
    maxHeldTicketsPerCart: wholeNumber(env, 'FOYER_MAX_HELD_TICKETS_PER_CART', 50, 1, problems),
    maxHeldTicketsPerIp: wholeNumber(env, 'FOYER_MAX_HELD_TICKETS_PER_IP', 200, 1, problems),
    cartsPerIpPerHour: wholeNumber(env, 'FOYER_CARTS_PER_IP_PER_HOUR', 300, 1, problems),
    metrics: readMetrics(env, problems),
  };
}

/** Metrics are off unless FOYER_METRICS=true; then they need a token or a port of their own, never public. */
function readMetrics(env: NodeJS.ProcessEnv, problems: string[]): MetricsSettings | null {
  const on = (env.FOYER_METRICS ?? 'false').trim().toLowerCase();
  if (on !== 'true' && on !== 'false') problems.push(`FOYER_METRICS must be true or false, got "${env.FOYER_METRICS}"`);
  const token = env.FOYER_METRICS_TOKEN?.trim() || null;
  const portText = env.FOYER_METRICS_PORT?.trim();
  const port = portText ? Number(portText) : null;
  if (portText && (!/^\d+$/.test(portText) || port === null || port < 1 || port > 65535)) problems.push(`FOYER_METRICS_PORT must be a port 1–65535, got "${portText}"`);
  if (token !== null && token.length < 16) problems.push('FOYER_METRICS_TOKEN must be at least 16 characters');
  if (on !== 'true') return null;
  if (!token && !portText) problems.push('FOYER_METRICS=true needs FOYER_METRICS_TOKEN (bearer token) or FOYER_METRICS_PORT (a port of its own)');
  return { token, port, host: env.FOYER_METRICS_HOST?.trim() || '127.0.0.1' };
}
