// The production path of group chat (issue 14): with Tencent Cloud Chat configured, every group change
// our endpoints make goes to Tencent's REST API first, signed as the app administrator with a UserSig
// made on the server. Tested against a local fake of that API (a real HTTP server on loopback) which
// checks the signature, keeps the groups it was told about and refuses what Tencent refuses.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { sql } from 'kysely'
import { createTestApp, type TestApp } from '../testing/test-app'
import { TEST_NOW } from '../testing/test-db'
import { authHeaders, signInForTest } from '../accounts/session'
import { verifyUserSig, type SigKey } from './user-sig'
import { MIRROR_FAILED, TENCENT_ADMIN, tencentGroupMirror } from './tencent-rest'

const KEY: SigKey = { sdkAppId: 1_400_000_001, secret: 'fake-tencent-secret' }

interface FakeGroup {
  owner: string
  type: string
  name: string
  muteAll: boolean
  members: Map<string, { role: 'Owner' | 'Admin' | 'Member'; muteSeconds: number }>
}

/** A fake of Tencent's group REST API: state, signature check and its refusals (codes as Tencent's docs). */
function fakeTencent() {
  const groups = new Map<string, FakeGroup>()
  /** accounts Tencent knows (imported; nobody has signed in to the fake) */
  const accounts = new Set<string>()
  const commands: string[] = []
  /** one-to-one messages sent through openim/batchsendmsg: from, to, the element types and texts */
  const sent: { from: string; to: string; elements: string[]; custom: string | undefined }[] = []
  let refuseNext = false
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
    req.on('end', () => {
      const answer = (body: Record<string, unknown>) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
      const fail = (code: number, info: string) => answer({ ActionStatus: 'FAIL', ErrorCode: code, ErrorInfo: info })
      const url = new URL(req.url ?? '/', 'http://fake')
      const q = url.searchParams
      const m = /^\/v4\/(group_open_http_svc|im_open_login_svc|openim)\/([a-z_]+)$/.exec(url.pathname)
      if (req.method !== 'POST' || !m) return fail(60020, 'no such command')
      if (q.get('sdkappid') !== String(KEY.sdkAppId) || q.get('contenttype') !== 'json' || !q.get('random')) return fail(60002, 'bad query')
      if (q.get('identifier') !== TENCENT_ADMIN || !verifyUserSig(KEY, TENCENT_ADMIN, q.get('usersig') ?? '', TEST_NOW)) return fail(70001, 'usersig invalid')
      let body: Record<string, unknown>
      try {
        body = JSON.parse(raw) as Record<string, unknown>
      } catch {
        return fail(60003, 'bad json')
      }
      const command = m[2]!
      commands.push(command)
      if (refuseNext) {
        refuseNext = false
        return fail(10002, 'internal error')
      }
      if (command === 'multiaccount_import') {
        const list = body.Accounts as string[]
        if (!Array.isArray(list) || list.length === 0 || list.length > 100) return fail(70402, 'bad Accounts')
        for (const a of list) accounts.add(a)
        return answer({ ActionStatus: 'OK', ErrorCode: 0, FailAccounts: [] })
      }
      if (command === 'batchsendmsg') {
        const to = body.To_Account as string[]
        const elements = body.MsgBody as { MsgType: string; MsgContent: { Text?: string; ImageInfoArray?: { URL: string }[] } }[]
        if (!accounts.has(String(body.From_Account))) return fail(70107, 'from account not found')
        if (!Array.isArray(to) || to.length === 0 || to.length > 500 || !Array.isArray(elements) || elements.length === 0) return fail(90001, 'bad body')
        // per account: an unknown reader is listed in ErrorList, the rest are sent
        const errorList = to.filter((a) => !accounts.has(a)).map((a) => ({ To_Account: a, ErrorCode: 70107 }))
        for (const a of to.filter((x) => accounts.has(x))) {
          sent.push({ from: String(body.From_Account), to: a, elements: elements.map((e) => `${e.MsgType}:${e.MsgContent.Text ?? e.MsgContent.ImageInfoArray?.[0]?.URL ?? ''}`), custom: body.CloudCustomData as string | undefined })
        }
        return answer({ ActionStatus: 'OK', ErrorCode: 0, ...(errorList.length ? { ErrorList: errorList } : {}) })
      }
      if (command === 'create_group') {
        const id = String(body.GroupId)
        if (!accounts.has(String(body.Owner_Account))) return fail(10019, 'owner account not found')
        if (groups.has(id)) return fail(10021, 'group id used')
        if (!['Work', 'Public', 'Meeting', 'AVChatRoom'].includes(String(body.Type))) return fail(10007, 'bad type')
        const owner = String(body.Owner_Account)
        groups.set(id, { owner, type: String(body.Type), name: String(body.Name), muteAll: false, members: new Map([[owner, { role: 'Owner', muteSeconds: 0 }]]) })
        return answer({ ActionStatus: 'OK', ErrorCode: 0, GroupId: id })
      }
      const g = groups.get(String(body.GroupId))
      if (!g) return fail(10010, 'group not found')
      const member = (account: unknown) => g.members.get(String(account))
      switch (command) {
        case 'add_group_member':
          for (const { Member_Account } of body.MemberList as { Member_Account: string }[]) {
            if (!accounts.has(Member_Account)) return fail(10019, 'member account not found')
            if (!g.members.has(Member_Account)) g.members.set(Member_Account, { role: 'Member', muteSeconds: 0 })
          }
          break
        case 'delete_group_member':
          for (const a of body.MemberToDel_Account as string[]) {
            if (a === g.owner) return fail(10004, 'cannot remove the owner')
            g.members.delete(a)
          }
          break
        case 'forbid_send_msg':
          for (const a of body.Members_Account as string[]) {
            const x = member(a)
            if (!x) return fail(10007, 'not a member')
            x.muteSeconds = Number(body.MuteTime)
          }
          break
        case 'modify_group_base_info':
          if (body.MuteAllMember !== 'On' && body.MuteAllMember !== 'Off') return fail(10007, 'bad MuteAllMember')
          g.muteAll = body.MuteAllMember === 'On'
          break
        case 'modify_group_member_info': {
          const x = member(body.Member_Account)
          if (!x) return fail(10007, 'not a member')
          x.role = body.Role as 'Admin' | 'Member'
          break
        }
        default:
          return fail(60020, 'no such command')
      }
      return answer({ ActionStatus: 'OK', ErrorCode: 0 })
    })
  })
  return {
    groups,
    accounts,
    commands,
    sent,
    refuseNext: () => void (refuseNext = true),
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const fake = fakeTencent()
let t: TestApp
let base = ''
const ids: number[] = []
const h: Record<string, string>[] = []

async function post(path: string, headers: Record<string, string>, body: unknown) {
  const res = await t.app.request(path, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, body: (await res.json()) as { statusCode: number; message: string; result: { groupId?: string } } }
}

beforeAll(async () => {
  base = await fake.start()
  vi.stubEnv('TENCENT_IM_SDKAPPID', String(KEY.sdkAppId))
  vi.stubEnv('TENCENT_IM_SECRET', KEY.secret)
  vi.stubEnv('TENCENT_IM_REST_URL', base)
  t = await createTestApp()
  vi.unstubAllEnvs()
  const rows = (await sql<{ id: number }>`SELECT id FROM users WHERE merged_into IS NULL ORDER BY id LIMIT 3`.execute(t.db.kysely)).rows
  for (const r of rows) {
    ids.push(Number(r.id))
    h.push(authHeaders(await signInForTest(t, Number(r.id))))
  }
  await sql`UPDATE users SET advisory_cert_time = ${TEST_NOW} WHERE id = ${ids[0]}`.execute(t.db.kysely)
}, 120_000)
afterAll(async () => {
  await t?.close()
  await fake.stop()
})

describe('group chat mirrored to Tencent Cloud Chat', () => {
  it('the userSig endpoint names the Tencent service and signs for its app', async () => {
    const res = await t.app.request('/api/financial-circle/live-column/im/userSig/v1', { headers: h[1]! })
    const body = (await res.json()) as { result: { service: string; sdkAppId: number; userId: string; userSig: string } }
    expect(body.result.service).toBe('tencent')
    expect(body.result.sdkAppId).toBe(KEY.sdkAppId)
    expect(verifyUserSig(KEY, body.result.userId, body.result.userSig, TEST_NOW)).toBe(true)
  })

  it('create, join, set admin, mute for hours, mute all and kick reach Tencent, which then holds the same group', async () => {
    const created = await post('/api/group-chat/v1', h[0]!, { name: '腾讯镜像群' })
    expect(created.status).toBe(200)
    const groupId = created.body.result.groupId!
    expect(fake.groups.get(groupId)).toMatchObject({ owner: String(ids[0]), type: 'Work', name: '腾讯镜像群' })

    expect((await post('/api/group-chat/join-by-userids/v1', h[0]!, { groupId, userIds: [String(ids[1]), String(ids[2])] })).status).toBe(200)
    expect([...fake.groups.get(groupId)!.members.keys()].sort()).toEqual([ids[0], ids[1], ids[2]].map(String).sort())
    expect(fake.commands.slice(0, 4)).toEqual(['multiaccount_import', 'create_group', 'multiaccount_import', 'add_group_member'])

    expect((await post('/api/group-chat/member/admin/v1', h[0]!, { groupId, userId: String(ids[1]), admin: true })).status).toBe(200)
    expect(fake.groups.get(groupId)!.members.get(String(ids[1]))!.role).toBe('Admin')

    expect((await post('/api/group-chat/member/mute/v1', h[1]!, { groupId, userId: String(ids[2]), muteStatus: true, muteTimeHour: 2 })).status).toBe(200)
    expect(fake.groups.get(groupId)!.members.get(String(ids[2]))!.muteSeconds).toBe(7200)
    expect((await post('/api/group-chat/member/mute/v1', h[1]!, { groupId, userId: String(ids[2]), muteStatus: true })).status).toBe(200)
    expect(fake.groups.get(groupId)!.members.get(String(ids[2]))!.muteSeconds).toBe(4_294_967_295)

    expect((await post('/api/group-chat/group/mute-all-member/v1', h[0]!, { groupId, muteAllMember: true })).status).toBe(200)
    expect(fake.groups.get(groupId)!.muteAll).toBe(true)

    expect((await post('/api/group-chat/member/kick/v1', h[1]!, { groupId, userId: String(ids[2]) })).status).toBe(200)
    expect(fake.groups.get(groupId)!.members.has(String(ids[2]))).toBe(false)
  })

  it('the message helper sends each member one-to-one through Tencent (text, picture, risk tip), and keeps our copy', async () => {
    const groupId = [...fake.groups.keys()][0]!
    const before = fake.sent.length
    const res = await post('/api/group-chat/batch/one2one/v1', h[0]!, { groupIds: [groupId], content: '今晚八点直播', pictureUrls: ['https://img.example.com/a.png'], riskTipId: 3 })
    expect(res.status).toBe(200)
    const got = fake.sent.slice(before)
    // ids[2] was kicked above: the helper writes the members there are now (ids[1])
    expect(got).toEqual([{ from: String(ids[0]), to: String(ids[1]), elements: ['TIMTextElem:今晚八点直播', 'TIMImageElem:https://img.example.com/a.png'], custom: JSON.stringify({ riskTipId: 3 }) }])
    const ours = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM chat_messages WHERE sender_id = ${ids[0]} AND conv_key LIKE 'C2C%'`.execute(t.db.kysely)).rows[0]!.n
    expect(ours).toBeGreaterThanOrEqual(2)
  })

  it('when Tencent refuses the helper\'s messages nothing is stored here either', async () => {
    const groupId = [...fake.groups.keys()][0]!
    const count = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM chat_messages WHERE sender_id = ${ids[0]}`.execute(t.db.kysely)).rows[0]!.n
    const before = await count()
    fake.refuseNext()
    const res = await post('/api/group-chat/batch/one2one/v1', h[0]!, { groupIds: [groupId], content: '不会送达' })
    expect(res.status).toBe(502)
    expect(res.body.message).toBe(MIRROR_FAILED)
    expect(await count()).toBe(before)
  })

  it('a rule our server enforces is refused before Tencent is asked', async () => {
    const groupId = [...fake.groups.keys()][0]!
    const before = fake.commands.length
    const res = await post('/api/group-chat/member/kick/v1', h[1]!, { groupId, userId: String(ids[0]) }) // an admin may not kick the owner
    expect(res.status).toBe(403)
    expect(fake.commands.length).toBe(before)
  })

  it('when Tencent refuses, the endpoint answers 502 in Chinese and our database is unchanged', async () => {
    fake.refuseNext()
    const res = await post('/api/group-chat/v1', h[0]!, { name: '不会出现的群' })
    expect(res.status).toBe(502)
    expect(res.body.message).toBe(MIRROR_FAILED)
    const rows = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM chat_groups WHERE name = '不会出现的群'`.execute(t.db.kysely)).rows
    expect(rows[0]!.n).toBe(0)
  })

  it('a signature made with another secret is refused by the fake, and the mirror fails closed', async () => {
    const wrong = tencentGroupMirror({ key: { ...KEY, secret: 'not-the-secret' }, baseUrl: base, now: () => TEST_NOW * 1000 })
    const groupId = [...fake.groups.keys()][0]!
    const before = fake.groups.get(groupId)!.muteAll
    await expect(wrong.muteAll(groupId, !before)).rejects.toMatchObject({ status: 502, message: MIRROR_FAILED })
    expect(fake.groups.get(groupId)!.muteAll).toBe(before)
  })

  it('an unreachable service fails closed too', async () => {
    const gone = tencentGroupMirror({ key: KEY, baseUrl: 'http://127.0.0.1:9', now: () => TEST_NOW * 1000 })
    await expect(gone.muteAll('GROUP_CHAT_V2_x', true)).rejects.toMatchObject({ status: 502 })
  })
})
