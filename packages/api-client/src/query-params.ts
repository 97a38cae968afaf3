/** Drops empty values so that the URL carries only what was chosen ('search=' is no search). */
export function queryParams(query: object): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'number' || (typeof value === 'string' && value !== '')) {
      params[key] = value;
    }
  }
  return params;
}
