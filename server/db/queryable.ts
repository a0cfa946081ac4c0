// What a repository function runs on: the database, or the transaction its service opened (services
// own transactions: `db.kysely.transaction().execute((trx) => repo.write(trx, …))`).
import type { Kysely } from 'kysely'
import type { Db } from './db'
import type { Database } from './schema'

export type Queryable = Db | Kysely<Database>
export const k = (d: Queryable): Kysely<Database> => ('kysely' in d ? d.kysely : d)
