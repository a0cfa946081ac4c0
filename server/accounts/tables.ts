// Kysely types of the accounts tables (server/db/migrations/002_accounts.sql) on top of the base schema.
import type { Generated, Kysely } from 'kysely'
import type { Db } from '../db/db'
import type { Database, UsersTable } from '../db/schema'

export interface AccountUsersTable extends UsersTable {
  password_hash: string | null
  email: string | null
  wechat_openid: string | null
  agree_user_agreement: Generated<boolean>
  country: Generated<string>
  state: Generated<string>
  city: Generated<string>
  professions: Generated<string[]>
  level: Generated<number>
  roles: Generated<string[]>
  membership_type: string | null
  membership_expire: number | null
  membership_icon: Generated<string>
  advisory_cert_time: number | null
  unread_count: Generated<number>
  coin: Generated<number>
  merged_into: number | null
}

export interface AccountsTables {
  users: AccountUsersTable
  sessions: { token_hash: string; user_id: number; created_at: number; expires_at: number }
  verification_codes: {
    id: Generated<number>
    channel: 'sms' | 'email'
    target: string
    purpose: string
    code_hash: string
    ip: Generated<string>
    created_at: number
    expires_at: number
    wrong_tries: Generated<number>
    used: Generated<boolean>
  }
  rate_events: { id: Generated<number>; key: string; at: number }
  captcha_challenges: {
    challenge: string
    target: string
    answer: number
    created_at: number
    validate: string | null
    used: Generated<boolean>
  }
  wechat_grants: {
    state: string
    code: string | null
    openid: string | null
    nick: Generated<string>
    avatar: Generated<string>
    redirect: string
    created_at: number
    used: Generated<boolean>
    /** SHA-256 of the asking browser's WeChat binding cookie (009_accounts_hardening.sql) */
    browser: Generated<string>
  }
  outbox: { id: Generated<number>; channel: string; target: string; text: string; created_at: number }
  friendships: { follower_id: number; followee_id: number; create_timestamp: number }
  avatars: { id: Generated<number>; user_id: number; mime: string; data: Uint8Array; created_at: number }
}

export type AccountsDatabase = Omit<Database, 'users'> & AccountsTables

export const accountsDb = (db: Db): Kysely<AccountsDatabase> => db.kysely as unknown as Kysely<AccountsDatabase>
