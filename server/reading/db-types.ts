// Kysely types of the reading feature's tables (server/db/migrations/003_reading.sql).
export type StockSearchTable = {
  stock_id: string
  code_key: string
  name_en_key: string
  py_initials: string
  py_full: string
}

export type ReadingTables = {
  stock_search: StockSearchTable
}
