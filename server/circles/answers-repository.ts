// The circle_answers table (025_circles.sql): the one answer to a question, by the owner or an admin.
import { k, type Queryable } from '../db/queryable'
import type { AuthorColumns } from './author-columns'

export interface AnswerRow extends AuthorColumns {
  dynamic_id: number
  content: string
  status: 'reviewing' | 'approved' | 'rejected'
  create_timestamp: number
}

export async function answersOf(d: Queryable, dynamicIds: readonly number[]): Promise<Map<number, AnswerRow>> {
  const out = new Map<number, AnswerRow>()
  if (dynamicIds.length === 0) return out
  const rows = await k(d)
    .selectFrom('circle_answers as a')
    .innerJoin('users as u', 'u.id', 'a.author_id')
    .select(['a.dynamic_id', 'a.author_id', 'u.nick', 'u.avatar', 'u.brief', 'a.content', 'a.status', 'a.create_timestamp'])
    .where('a.dynamic_id', 'in', [...dynamicIds])
    .execute()
  for (const r of rows) out.set(Number(r.dynamic_id), { ...r, dynamic_id: Number(r.dynamic_id), author_id: Number(r.author_id), create_timestamp: Number(r.create_timestamp) })
  return out
}

/** One answer per question: false when it already has one. */
export async function insertAnswer(d: Queryable, row: { dynamic_id: number; author_id: number; content: string; status: 'reviewing' | 'approved'; review_due: number | null; create_timestamp: number }): Promise<boolean> {
  const r = await k(d).insertInto('circle_answers').values(row).onConflict((oc) => oc.column('dynamic_id').doNothing()).returning('dynamic_id').execute()
  return r.length > 0
}

export async function approveDueAnswers(d: Queryable, nowSeconds: number): Promise<void> {
  await k(d).updateTable('circle_answers').set({ status: 'approved', review_due: null }).where('status', '=', 'reviewing').where('review_due', 'is not', null).where('review_due', '<=', nowSeconds).execute()
}
