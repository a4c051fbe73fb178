import { CONFIG } from '@foyer/contracts/constants';
import { themeTierOf, themeTokensOf } from '@foyer/contracts/rules';
import type { TConfigEntry, TDocument, TSeller } from '@foyer/contracts';
import { listOf } from '../api/document.js';

/**
 * The storefront configuration: seller-level entries of GET config (plus the seller itself) and,
 * for an event, that event's own entries, which win over the seller's.
 */

export type ConfigKey = { namespace: string; name: string };

export interface AppConfig {
  seller: TSeller | null;
  entries: TConfigEntry[];
}

export const DEFAULT_TIMEZONE = 'UTC';
export const DEFAULT_CURRENCY = 'USD';
/** docs/catalog.md#12-configuration-entries: low-availability warning under 10 when no threshold is configured. */
export const DEFAULT_LOW_AVAILABILITY_THRESHOLD = 10;
export const DEFAULT_SESSION_TAB_THRESHOLDS = ['1200', '1700'];

export const HOME_OPTIONS = ['login', 'join', 'guest'] as const;
export type HomeOption = (typeof HOME_OPTIONS)[number];

export function parseConfigDocument(doc: TDocument): AppConfig {
  return { seller: listOf(doc, 'seller')[0] ?? null, entries: listOf(doc, 'config') };
}

/** The value of an entry; with several sources the first that has it wins. */
export function configValue(key: ConfigKey, ...sources: (readonly TConfigEntry[] | undefined)[]): unknown {
  for (const entries of sources) {
    const entry = entries?.find((e) => e.namespace === key.namespace && e.name === key.name);
    if (entry) return entry.value;
  }
  return undefined;
}

/** Query-style and JSON booleans: true/false, T/F, 1/0, yes/no. */
export function asBoolean(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (['true', 't', '1', 'yes', 'y', 'on', 'enabled'].includes(text)) return true;
    if (['false', 'f', '0', 'no', 'n', 'off', 'disabled'].includes(text)) return false;
  }
  return fallback;
}

/** A list given as a JSON array or a comma-separated string. */
export function asStringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map((v) => String(v).trim()).filter(Boolean);
  if (typeof value === 'string') return value.split(',').map((v) => v.trim()).filter(Boolean);
  return [];
}

export function asString(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'number') return String(value);
  return null;
}

export function asNumber(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

export function homeOptionsOrder(entries: readonly TConfigEntry[]): HomeOption[] {
  const configured = asStringList(configValue(CONFIG.homeOptionsOrder, entries))
    .map((v) => v.toLowerCase())
    .filter((v): v is HomeOption => (HOME_OPTIONS as readonly string[]).includes(v));
  const unique = [...new Set(configured)];
  return unique.length ? unique : [...HOME_OPTIONS];
}

export function categoryOrder(entries: readonly TConfigEntry[]): string[] {
  return asStringList(configValue(CONFIG.categoryOrder, entries));
}

export function membershipPresell(entries: readonly TConfigEntry[]): boolean {
  return asBoolean(configValue(CONFIG.membershipPresell, entries), true);
}

export function admissionEventId(entries: readonly TConfigEntry[]): string | null {
  return asString(configValue(CONFIG.admissionEventId, entries));
}

export function lowAvailabilityThreshold(...sources: (readonly TConfigEntry[] | undefined)[]): number {
  const value = asNumber(configValue(CONFIG.lowAvailabilityThreshold, ...sources));
  return value !== null && value >= 0 ? value : DEFAULT_LOW_AVAILABILITY_THRESHOLD;
}

export function hideSoldOutSessions(...sources: (readonly TConfigEntry[] | undefined)[]): boolean {
  return asBoolean(configValue(CONFIG.hideSoldOutSessions, ...sources), false);
}

export interface SessionTabsConfig {
  thresholds: string[];
  labels: string[];
}

/** web.session_picker_tabs `{ thresholds: ["1200","1700"], labels: [...] }`; defaults when missing. */
export function sessionPickerTabs(defaultLabels: readonly string[], ...sources: (readonly TConfigEntry[] | undefined)[]): SessionTabsConfig {
  const value = configValue(CONFIG.sessionPickerTabs, ...sources);
  const raw = value && typeof value === 'object' ? (value as { thresholds?: unknown; labels?: unknown }) : {};
  const thresholds = asStringList(raw.thresholds)
    .map((t) => t.replace(':', '').padStart(4, '0'))
    .filter((t) => /^\d{4}$/.test(t) && t <= '2400');
  const labels = asStringList(raw.labels);
  return {
    thresholds: thresholds.length ? thresholds : [...DEFAULT_SESSION_TAB_THRESHOLDS],
    labels: labels.length ? labels : [...defaultLabels],
  };
}

export type PriceDisplayMode = 'all' | 'sessions_and_tickets' | 'none';
export interface PriceDisplay {
  mode: PriceDisplayMode;
  primaryTicketType: string | null;
  primaryPrefix: string | null;
  secondaryTicketType: string | null;
  secondaryPrefix: string | null;
}

export function priceDisplay(...sources: (readonly TConfigEntry[] | undefined)[]): PriceDisplay {
  const value = configValue(CONFIG.priceDisplay, ...sources);
  const raw = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const mode = raw.mode === 'sessions_and_tickets' || raw.mode === 'none' ? raw.mode : 'all';
  return {
    mode,
    primaryTicketType: asString(raw.primary_ticket_type),
    primaryPrefix: asString(raw.primary_prefix),
    secondaryTicketType: asString(raw.secondary_ticket_type),
    secondaryPrefix: asString(raw.secondary_prefix),
  };
}

/**
 * How an event's dates and times show (docs/catalog.md#12-configuration-entries): the low-availability threshold,
 * web.price_display, web.session_picker_tabs and web.hide_sold_out_sessions, the event's entries over the seller's.
 */
export interface EventDisplaySettings {
  threshold: number;
  prices: PriceDisplay;
  tabs: SessionTabsConfig;
  hideSoldOut: boolean;
}

export function eventDisplaySettings(eventEntries: readonly TConfigEntry[] | undefined, entries: readonly TConfigEntry[], defaultTabLabels: readonly string[]): EventDisplaySettings {
  return {
    threshold: lowAvailabilityThreshold(eventEntries, entries),
    prices: priceDisplay(eventEntries, entries),
    tabs: sessionPickerTabs(defaultTabLabels, eventEntries, entries),
    hideSoldOut: hideSoldOutSessions(eventEntries, entries),
  };
}

/** web.copyright: a text with {year}; null when not configured. */
export function copyrightText(entries: readonly TConfigEntry[]): string | null {
  return asString(configValue(CONFIG.copyright, entries));
}

/** The theme tier (docs/catalog.md#12-configuration-entries; the rule is in contracts/rules/theme.ts). */
export function themeTier(entries: readonly TConfigEntry[]): number {
  return themeTierOf(configValue(CONFIG.theme, entries));
}

/** The custom properties web.theme sets, as its tier allows. */
export function themeTokens(entries: readonly TConfigEntry[]): Record<string, string> {
  return themeTokensOf(configValue(CONFIG.theme, entries));
}
