import type { TDocument } from '@foyer/contracts';

/** A data block of the page (a `<script type="application/json">` the server wrote), parsed; undefined when absent or not JSON. */
export function readDataBlock(doc: Document, id: string): unknown {
  const text = doc.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A JSON object (not null, not an array): what a data block's document must be. */
export const isDocument = (value: unknown): value is TDocument => typeof value === 'object' && value !== null && !Array.isArray(value);
