// The order of ranking, board and range tables: by one numeric field, ties by id (stock code), so
// the server's pages and the client's re-sort of live prices agree on every row's place.
type Sortable = Record<string, unknown>

/** Sorts `list` in place and returns it. */
export function sortBy<T extends Sortable>(list: T[], key: keyof T, order: 'asc' | 'desc'): T[] {
  const dir = order === 'asc' ? 1 : -1
  return list.sort((a, b) => ((a[key] as number) - (b[key] as number)) * dir || String(a.id ?? a.stockCode).localeCompare(String(b.id ?? b.stockCode)))
}
