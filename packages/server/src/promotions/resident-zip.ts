/**
 * The hidden code a resident group's zips attach (no one can type it: codes have no ":"); the zip
 * patterns themselves are shared with the web (contracts/src/rules/resident-zip.ts).
 */
export const residentCodeOf = (groupKey: string) => `RESIDENT:${groupKey.toUpperCase()}`;
