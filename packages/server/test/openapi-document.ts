/**
 * /api/openapi.json as the tests read it. Any path, method, status or media type may be missing: the
 * tests ask whether a call is documented, so the maps say so in their types.
 */
export interface OpenApiOperation {
  tags?: string[];
  responses: Partial<Record<string, { content?: Partial<Record<string, { schema: object }>> }>>;
}
export type OpenApiPaths = Partial<Record<string, Partial<Record<string, OpenApiOperation>>>>;
export interface OpenApiDocument {
  paths: OpenApiPaths;
}

/** The JSON response schema documented for a call's status, if there is one (`method` in any case). */
export function responseSchema(paths: OpenApiPaths, method: string, path: string, status: number): object | undefined {
  return paths[path]?.[method.toLowerCase()]?.responses[String(status)]?.content?.['application/json']?.schema;
}
