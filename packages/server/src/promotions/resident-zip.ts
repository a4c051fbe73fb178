import type { RESIDENT_COUNTRIES } from '@foyer/contracts';

type Country = (typeof RESIDENT_COUNTRIES)[number];

/** 001 §5 zip-code-as-discount: the US pattern (5 digits) and the UK postcode pattern. */
const PATTERNS: Record<Country, RegExp> = {
  US: /^\d{5}$/,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/,
};

/** Upper case, single spaces, trimmed. */
export const normaliseZip = (zip: string) => zip.trim().toUpperCase().replace(/\s+/g, ' ');

export const zipMatchesCountry = (zip: string, country: Country) => PATTERNS[country].test(zip);

/** Whether a normalised zip is a resident's of a group: its country's pattern and one of its prefixes (spaces ignored). */
export function isResidentZip(zip: string, resident: { country: Country; zip_prefixes: string[] }): boolean {
  if (!zipMatchesCountry(zip, resident.country)) return false;
  const bare = zip.replace(/ /g, '');
  return resident.zip_prefixes.some((p) => bare.startsWith(p.toUpperCase().replace(/\s+/g, '')));
}

/** The hidden code a resident group's zips attach (no one can type it: codes have no ":"). */
export const residentCodeOf = (groupKey: string) => `RESIDENT:${groupKey.toUpperCase()}`;
