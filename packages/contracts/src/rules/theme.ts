/**
 * The theme tiers (docs/routes.md#app-shell-and-modals) of web.theme `{ tier, tokens: { "--color-primary": "#…" } }`: 1 keeps
 * the default theme's colours; below 3 the base theme stays (colours only may change); 3 (the
 * default) takes every token. One rule for the storefront, which applies the tokens, and the
 * server, which puts them in the HTML shell so the first paint already has the seller's colours.
 */
export const THEME_TIER_FULL = 3;

/** The tier of a web.theme value: 1, 2 or 3 (unset or unknown: 3). */
export function themeTierOf(theme: unknown): number {
  const raw = theme && typeof theme === 'object' ? (theme as { tier?: unknown }).tier : undefined;
  const tier = typeof raw === 'string' && raw.trim() ? Number(raw) : raw;
  return tier === 1 || tier === 2 ? tier : THEME_TIER_FULL;
}

/** The custom properties a web.theme value sets: only `--name`s with plain values, as the tier allows. */
export function themeTokensOf(theme: unknown): Record<string, string> {
  const tokens = theme && typeof theme === 'object' ? (theme as { tokens?: unknown }).tokens : undefined;
  const result: Record<string, string> = {};
  const tier = themeTierOf(theme);
  if (!tokens || typeof tokens !== 'object' || tier === 1) return result;
  for (const [name, raw] of Object.entries(tokens as Record<string, unknown>)) {
    if (!/^--[a-zA-Z0-9-_]+$/.test(name)) continue;
    // Below tier 3 the base theme stays: its fonts, radii and sizes; only the colours are the seller's.
    if (tier < THEME_TIER_FULL && !name.startsWith('--color-')) continue;
    if (typeof raw !== 'string' && typeof raw !== 'number') continue;
    const text = String(raw).trim();
    if (!text || /[;{}<>]/.test(text)) continue;
    result[name] = text;
  }
  return result;
}
