/**
 * A result's serialiser for an answer whose data was serialised when it was stored: the stored text where the
 * result going out is that data and nothing else (what JSON.stringify would write: `{"data":<text>}`), and
 * JSON.stringify itself for anything more (errors, an extension such as the request's cost).
 */
export function stringifyStored(data: unknown, json: string): (result: Record<string, unknown>) => string {
  return (result) => (onlyData(result, data) ? dataOnlyText(json) : JSON.stringify(result));
}

/** What JSON.stringify writes for `{ data }` whose data serialises to `json`: the body of a plain hit. */
export const dataOnlyText = (json: string): string => `{"data":${json}}`;

/** Whether JSON.stringify of `result` would write its `data` (this very object) and no other member. */
function onlyData(result: Record<string, unknown>, data: unknown): boolean {
  if (result.data !== data) return false;
  for (const key in result) {
    const value = result[key];
    if (key !== 'data' && value !== undefined && typeof value !== 'function') return false;
  }
  return true;
}
