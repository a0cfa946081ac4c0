// The topics table (006_community.sql; spec 000 §3 Topic): a topic with how many approved posts it has.
import type { Selectable } from 'kysely'
import type { TopicsTable } from '../../db/schema'
import { k, type Queryable } from '../../db/queryable'

export type TopicRow = Pick<Selectable<TopicsTable>, 'id' | 'name' | 'brief' | 'read_count'> & { post_count: number }

function topicQuery(d: Queryable) {
  return k(d)
    .selectFrom('topics as t')
    .select(['t.id', 't.name', 't.brief', 't.read_count'])
    .select((eb) =>
      eb
        .selectFrom('posts as p')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('p.topic_id', '=', 't.id')
        .where('p.status', '=', 'approved')
        .as('post_count'),
    )
}

const toRow = (r: { id: number; name: string; brief: string; read_count: number; post_count: number | null }): TopicRow => ({ ...r, post_count: Number(r.post_count ?? 0) })

/** Most read first (ties: the older topic first). */
export async function listTopics(d: Queryable, limit: number, offset = 0): Promise<TopicRow[]> {
  return (await topicQuery(d).orderBy('t.read_count', 'desc').orderBy('t.id').limit(limit).offset(offset).execute()).map(toRow)
}

export async function findTopic(d: Queryable, id: number): Promise<TopicRow | undefined> {
  const row = await topicQuery(d).where('t.id', '=', id).executeTakeFirst()
  return row && toRow(row)
}

export async function countTopics(d: Queryable): Promise<number> {
  return Number((await k(d).selectFrom('topics').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0)
}

export async function topicExists(d: Queryable, id: number): Promise<boolean> {
  return (await k(d).selectFrom('topics').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
}
