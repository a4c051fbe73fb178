const cell = (v: string | number | null) => {
  const text = v === null ? '' : String(v);
  // Quoted when needed; a leading =, +, - or @ is defused so a spreadsheet never runs it as a formula.
  const safe = /^[=+\-@]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** Rows as CSV (RFC 4180: CRLF, quotes doubled), safe to open in a spreadsheet (docs/box-office.md). */
export const csv = (rows: (string | number | null)[][]) => `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
