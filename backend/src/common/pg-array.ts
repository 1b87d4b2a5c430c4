/**
 * A PostgreSQL array literal for a list of texts (null for NULL), to bind as one `?::text[]`
 * parameter: the query builder would spread a JavaScript array into a list of parameters.
 */
export function pgTextArray(values: Array<string | null>): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
}
