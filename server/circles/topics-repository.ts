// The circle_topics table (025_circles.sql; spec 001 §3 Topic: topicId, topicName, readCount).
import { k, type Queryable } from '../db/queryable'

export interface TopicRow {
  id: number
  circle_id: number
  name: string
  read_count: number
}

export async function topicsOf(d: Queryable, circleId: number): Promise<TopicRow[]> {
  const rows = await k(d).selectFrom('circle_topics').selectAll().where('circle_id', '=', circleId).orderBy('read_count', 'desc').orderBy('id').execute()
  return rows.map((r) => ({ ...r, id: Number(r.id), circle_id: Number(r.circle_id), read_count: Number(r.read_count) }))
}

export async function findTopic(d: Queryable, id: number): Promise<TopicRow | undefined> {
  const r = await k(d).selectFrom('circle_topics').selectAll().where('id', '=', id).executeTakeFirst()
  return r && { ...r, id: Number(r.id), circle_id: Number(r.circle_id), read_count: Number(r.read_count) }
}

export async function insertTopic(d: Queryable, row: { circle_id: number; name: string; read_count?: number }): Promise<number> {
  const r = await k(d).insertInto('circle_topics').values(row).returning('id').executeTakeFirstOrThrow()
  return Number(r.id)
}
