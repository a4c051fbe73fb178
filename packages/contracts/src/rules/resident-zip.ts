/**
 * Resident discounts (docs/promotions.md): a buyer's ZIP code (US, 5 digits) or postcode (GB)
 * starting with one of a resident group's prefixes acts as that group's code. The web tries a
 * zip only when it looks like one; the server checks the same patterns before looking it up.
 */
export const RESIDENT_COUNTRIES = ['US', 'GB'] as const;
export type ResidentCountry = (typeof RESIDENT_COUNTRIES)[number];

const PATTERNS: Record<ResidentCountry, RegExp> = {
  US: /^\d{5}$/,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/,
};

/** Upper case, single spaces, trimmed. */
export const normaliseZip = (zip: string) => zip.trim().toUpperCase().replace(/\s+/g, ' ');

/** Whether a normalised zip has a country's pattern. */
export const zipMatchesCountry = (zip: string, country: ResidentCountry) => PATTERNS[country].test(zip);

/** Whether a zip, as typed, has the pattern of any country a resident discount may name. */
export const looksLikeZip = (zip: string) => RESIDENT_COUNTRIES.some((country) => zipMatchesCountry(normaliseZip(zip), country));

/** Whether a normalised zip is a resident's of a group: its country's pattern and one of its prefixes (spaces ignored). */
export function isResidentZip(zip: string, resident: { country: ResidentCountry; zip_prefixes: string[] }): boolean {
  if (!zipMatchesCountry(zip, resident.country)) return false;
  const bare = zip.replace(/ /g, '');
  return resident.zip_prefixes.some((p) => bare.startsWith(p.toUpperCase().replace(/\s+/g, '')));
}
