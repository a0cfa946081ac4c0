// The wecom_members table (024_wecom.sql): which account each company member is bound to (one
// member per account, one account per member).
import type { Db } from '../db/db'

export type WecomMemberRow = { corpId: string; userid: string; userId: number; name: string; position: string; boundAt: number }

export const membersRepository = (db: Db) => {
  const k = db.kysely
  return {
    /** the live account the member is bound to (an account merged away counts as none) */
    async accountOf(corpId: string, userid: string): Promise<number | undefined> {
      const r = await k
        .selectFrom('wecom_members')
        .innerJoin('users', 'users.id', 'wecom_members.user_id')
        .select('wecom_members.user_id')
        .where('wecom_members.corp_id', '=', corpId)
        .where('wecom_members.userid', '=', userid)
        .where('users.merged_into', 'is', null)
        .executeTakeFirst()
      return r?.user_id
    },
    /** any account the member is bound to, merged away or not */
    async anyAccountOf(corpId: string, userid: string): Promise<number | undefined> {
      const r = await k.selectFrom('wecom_members').select('user_id').where('corp_id', '=', corpId).where('userid', '=', userid).executeTakeFirst()
      return r?.user_id
    },
    async memberOf(corpId: string, userId: number): Promise<WecomMemberRow | undefined> {
      const r = await k.selectFrom('wecom_members').selectAll().where('corp_id', '=', corpId).where('user_id', '=', userId).executeTakeFirst()
      return r && { corpId: r.corp_id, userid: r.userid, userId: r.user_id, name: r.name, position: r.position, boundAt: Number(r.bound_at) }
    },
    /** binds; the member's row moves to this account (from one merged away), and the account's old member, if any, is let go */
    async bind(row: Omit<WecomMemberRow, 'boundAt'>, boundAt: number): Promise<void> {
      await k.deleteFrom('wecom_members').where('user_id', '=', row.userId).execute()
      await k.deleteFrom('wecom_members').where('corp_id', '=', row.corpId).where('userid', '=', row.userid).execute()
      await k
        .insertInto('wecom_members')
        .values({ corp_id: row.corpId, userid: row.userid, user_id: row.userId, name: row.name.slice(0, 64), position: row.position.slice(0, 64), bound_at: boundAt })
        .execute()
    },
    /** the member's name and position as they are now (on each sign-in) */
    async refresh(corpId: string, userid: string, name: string, position: string): Promise<void> {
      await k.updateTable('wecom_members').set({ name: name.slice(0, 64), position: position.slice(0, 64) }).where('corp_id', '=', corpId).where('userid', '=', userid).execute()
    },
  }
}
