// The accounts tables' kysely handle; their types are in server/db/schema.ts with every other table.
import type { Kysely } from 'kysely'
import type { Db } from '../db/db'
import type { Database, UsersTable } from '../db/schema'

export type AccountUsersTable = UsersTable
export type AccountsDatabase = Database

export const accountsDb = (db: Db): Kysely<AccountsDatabase> => db.kysely
