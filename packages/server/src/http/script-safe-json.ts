/**
 * JSON to put inside a <script> element (a data block or JSON-LD): `<`, `>` and `&` as \u escapes,
 * so no `</script>` or `<!--` can end or change the element, and U+2028/U+2029 escaped as older
 * JavaScript parsers take them for line ends. JSON.parse reads it back unchanged.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
