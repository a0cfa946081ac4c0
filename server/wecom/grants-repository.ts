// The wecom_grants table (024_wecom.sql): one row per WeCom sign-in a browser started — the state
// bound to that browser, the code WeCom's redirect brought back, spent once.
import type { Db } from '../db/db'
import type { WecomGrantsTable } from '../db/schema'

export type WecomGrantRow = { state: string; code: string | null; redirect: string; browser: string; createdAt: number; used: boolean }

const toRow = (r: { state: string; code: string | null; redirect: string; browser: string; created_at: number | string; used: boolean }): WecomGrantRow => ({
  state: r.state,
  code: r.code,
  redirect: r.redirect,
  browser: r.browser,
  createdAt: Number(r.created_at),
  used: r.used,
})

export const grantsRepository = (db: Db) => {
  const k = db.kysely
  return {
    /** a new grant; grants older than `staleBefore` go first (QRs never scanned, used ones) */
    async insert(row: Pick<WecomGrantsTable, 'state' | 'redirect' | 'browser' | 'created_at'>, staleBefore: number): Promise<void> {
      await k.deleteFrom('wecom_grants').where('created_at', '<=', staleBefore).execute()
      await k.insertInto('wecom_grants').values({ ...row, code: null }).execute()
    },
    async byState(state: string): Promise<WecomGrantRow | undefined> {
      const r = await k.selectFrom('wecom_grants').selectAll().where('state', '=', state).executeTakeFirst()
      return r && toRow(r)
    },
    async byCode(code: string): Promise<WecomGrantRow | undefined> {
      const r = await k.selectFrom('wecom_grants').selectAll().where('code', '=', code).executeTakeFirst()
      return r && toRow(r)
    },
    /** records the code on a live grant that has none; answers whether it did */
    async setCode(state: string, code: string, liveAfter: number): Promise<boolean> {
      const done = await k
        .updateTable('wecom_grants')
        .set({ code })
        .where('state', '=', state)
        .where('code', 'is', null)
        .where('created_at', '>', liveAfter)
        .executeTakeFirst()
      return Number(done.numUpdatedRows) === 1
    },
    /** marks a grant used; answers whether this call did (a second spend answers false) */
    async spend(state: string): Promise<boolean> {
      const done = await k.updateTable('wecom_grants').set({ used: true }).where('state', '=', state).where('used', '=', false).executeTakeFirst()
      return Number(done.numUpdatedRows) === 1
    },
  }
}
