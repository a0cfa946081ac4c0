// kysely's dialect for the embedded PGlite, written here because kysely ships one only from 0.29,
// and 0.29 declares Node >= 22 while we run Node 20 (issue 26). We pin kysely 0.28 (Node >= 20) and
// keep this one small driver; PostgreSQL's adapter, compiler and introspector are kysely's own.
//
// PGlite is one connection. 0.28's runtime driver does not serialise connections, so this driver
// does: every acquire waits for the previous release (one lock held from acquire to release), so a
// query from another request never runs inside an open transaction (db.test.ts checks this).
import type { PGlite } from '@electric-sql/pglite'
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'

class PgliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(query.sql, query.parameters as unknown[], { rowMode: 'object' })
    return result.affectedRows == null ? { rows: result.rows } : { rows: result.rows, numAffectedRows: BigInt(result.affectedRows) }
  }

  // eslint-disable-next-line require-yield -- the interface asks for a generator; PGlite cannot stream
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results')
  }
}

/** One holder at a time: lock() waits for the previous unlock(). */
class Mutex {
  #held: Promise<void> | undefined
  #release: (() => void) | undefined

  async lock(): Promise<void> {
    while (this.#held) await this.#held
    this.#held = new Promise((resolve) => (this.#release = resolve))
  }

  unlock(): void {
    const release = this.#release
    this.#held = undefined
    this.#release = undefined
    release?.()
  }
}

class PgliteDriver implements Driver {
  readonly #mutex = new Mutex()
  readonly #connection: PgliteConnection

  constructor(private readonly pglite: PGlite) {
    this.#connection = new PgliteConnection(pglite)
  }

  async init(): Promise<void> {
    await this.pglite.waitReady
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock()
    return this.#connection
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock()
  }

  // The transaction is plain BEGIN / COMMIT / ROLLBACK on the one connection, which the lock keeps
  // for this transaction alone until kysely releases it after commit or roll-back.
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const mode = [settings.isolationLevel && `isolation level ${settings.isolationLevel}`, settings.accessMode].filter(Boolean).join(' ')
    await connection.executeQuery(CompiledQuery.raw(mode ? `start transaction ${mode}` : 'begin'))
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close()
  }
}

/** `new Kysely<Database>({ dialect: new PgliteDialect(pglite) })`; destroy() closes the instance. */
export class PgliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}

  createDriver(): Driver {
    return new PgliteDriver(this.pglite)
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter()
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler()
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db)
  }
}
