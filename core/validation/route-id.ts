// The numeric id in a route (/news/:id, /subject/:id, /user/:id…): one parser for every route.
// A positive integer written plainly (no sign, no leading zero, no spaces) and small enough for the
// database's integer ids (PostgreSQL `integer`: at most 2^31 − 1); anything else is no id at all,
// so the page shows its not-found state instead of asking the server for garbage.

export const MAX_ROUTE_ID = 2 ** 31 - 1

/** '42' → 42; '0', '007', '-1', '1e3', '4294967296', undefined → null. */
export function parseRouteId(raw: string | undefined): number | null {
  if (raw === undefined || !/^[1-9][0-9]{0,9}$/.test(raw)) return null
  const n = Number(raw)
  return n <= MAX_ROUTE_ID ? n : null
}
