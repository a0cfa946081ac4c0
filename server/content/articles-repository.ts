// The articles table (001_init.sql). The lists' query shape and mapper are in article-summary.ts;
// this module holds the other reads on the table as they move here (issue 26).
import { k, type Queryable } from '../db/queryable'

export async function articleExists(d: Queryable, id: number): Promise<boolean> {
  return (await k(d).selectFrom('articles').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
}

export async function articleAuthor(d: Queryable, id: number): Promise<number | undefined> {
  return (await k(d).selectFrom('articles').select('author_id').where('id', '=', id).executeTakeFirst())?.author_id
}
