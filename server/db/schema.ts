// Kysely table types for the SQL in ./migrations. Column names are the SQL names (snake_case).
import type { Generated } from 'kysely'

export interface ChannelsTable {
  id: number
  type: string
  name: string
  sort: number
}

export interface NewsTypesTable {
  type: string
  name: string
  sort: number
}

export interface StocksTable {
  id: string
  market: string
  code: string
  code_disp: string
  name: string
  name_hk: string
  name_en: string
  category: string
  industry: string
  lot_size: number
  currency: string
  shares_outstanding: number
  last_close_cents: number
}

export interface UsersTable {
  id: Generated<number>
  nick: string
  avatar: Generated<string>
  brief: Generated<string>
  phone: string | null
  country_code: Generated<string>
  sex: Generated<number>
  create_timestamp: number
  is_columnist: Generated<boolean>
  /** fans without a row (migration 010): fans = this + friendships naming the user */
  audience_fans: Generated<number>
}

export interface ColumnsTable {
  id: Generated<number>
  user_id: number
  name: string
  brief: Generated<string>
  cover_url: Generated<string>
  create_timestamp: number
}

export interface ArticlesTable {
  id: Generated<number>
  title: string
  summary: Generated<string>
  paragraphs: string[]
  cover_url: Generated<string>
  channel_type: string
  author_id: number
  column_id: number | null
  tags: string[]
  stocks: string[]
  source: Generated<string>
  create_timestamp: number
  read_count: Generated<number>
  is_vip: Generated<boolean>
  news_type: Generated<string>
}

export interface FlashesTable {
  id: Generated<number>
  title: Generated<string>
  content: string
  important: Generated<boolean>
  channel: Generated<string>
  stocks: string[]
  create_timestamp: number
}

export interface DailyBarsTable {
  stock_id: string
  day: number
  open_cents: number
  high_cents: number
  low_cents: number
  close_cents: number
  volume: number
}

export interface ConfigTable {
  key: string
  /** jsonb: insert JSON.stringify(value); reads come back parsed */
  value: unknown
}

export interface LogsTable {
  id: Generated<number>
  file_date: string
  page_no: number
  lines: string[]
  user_agent: Generated<string>
  received_at: number
}

export interface SeedMetaTable {
  version: number
  seed_now: number
  applied_at: number
}

export interface SchemaMigrationsTable {
  version: string
  applied_at: number
}

export interface Database {
  channels: ChannelsTable
  news_types: NewsTypesTable
  stocks: StocksTable
  users: UsersTable
  columns: ColumnsTable
  articles: ArticlesTable
  flashes: FlashesTable
  daily_bars: DailyBarsTable
  config: ConfigTable
  logs: LogsTable
  seed_meta: SeedMetaTable
  schema_migrations: SchemaMigrationsTable
}
