// Kysely types of the columns part's tables (server/db/migrations/005_columns.sql).
export type ColumnsTables = {
  subjects: { id: number; title: string; brief: string; cover_url: string; is_hot: boolean; create_timestamp: number }
  subject_contents: { subject_id: number; kind: number; ref_id: number; is_choice: boolean; create_timestamp: number }
  subject_follows: { subject_id: number; user_id: number; create_timestamp: number }
  hotspots: { id: number; title: string; brief: string; heat: number; create_timestamp: number }
  hotspot_contents: { hotspot_id: number; kind: number; ref_id: number; create_timestamp: number }
}
