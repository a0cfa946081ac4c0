// Kysely types of the docs part's tables (server/db/migrations/007_docs.sql).
export type DocsTables = {
  documents: { name: string; title: string; body: string; update_timestamp: number }
  agreements: { id: number; route_id: number; sort: number; title: string; document_name: string; param_map: string }
  research_reports: {
    id: number
    group_id: number
    title: string
    summary: string
    paragraphs: string[]
    institution: string
    analyst: string
    rating: string
    cover_url: string
    stocks: string[]
    is_pay: boolean
    price_cents: number
    pages: number
    create_timestamp: number
    read_count: number
  }
}

/** server/db/migrations/008_home_extras.sql */
export type HomeExtrasTables = {
  sub_channels: { id: number; parent_type: string; type: string; name: string; sort: number }
  banners: { id: number; channel_type: string; title: string; link: string; sort: number }
  ads: { id: number; position: number; show_type: number; title: string; brief: string; advertiser: string; link: string; sort: number }
  featured_heads: { id: number; title: string; brief: string; sort: number }
  featured_contents: { head_id: number; article_id: number; sort: number; selected: boolean }
}
