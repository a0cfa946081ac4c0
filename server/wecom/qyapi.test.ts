// The WeCom adapter against a local HTTP server that answers as qyapi.weixin.qq.com does
// (qyapi-fake.ts over node:http): the exact requests, token caching and expiry, one refresh on 40014
// or 42001, and each errcode the person or the log should see.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WECOM_CALLBACK_PATH, WECOM_MESSAGES } from '../../core/wecom/wecom'
import { fakeQyapi, SANDBOX_COMPANY, TOKEN_LIFE_S, type FakeQyapi } from './qyapi-fake'
import { qyapiWecom, WECOM_OAUTH2_PAGE, WECOM_SSO_PAGE } from './qyapi'

let server: Server
let base: string
/** the fake the HTTP server answers with (each test may swap it); `override` answers instead when set */
let fake: FakeQyapi
let override: ((req: Request) => Promise<Response | null>) | null = null
let nowMs = Date.UTC(2026, 10, 1, 8)

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)
    const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers: req.headers as Record<string, string>, body: req.method === 'POST' ? body : undefined })
    const answer = (override ? await override(request.clone()) : null) ?? (await fake.handle(request))
    res.writeHead(answer.status, Object.fromEntries(answer.headers))
    res.end(Buffer.from(await answer.arrayBuffer()))
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((ok) => server.close(() => ok())))

const cfg = () => ({ corpId: SANDBOX_COMPANY.corpid, agentId: SANDBOX_COMPANY.agentid, secret: SANDBOX_COMPANY.corpsecret, corpName: '港美汇投资服务', apiBase: base })
const fresh = (over: Partial<ReturnType<typeof cfg>> = {}) => {
  fake = fakeQyapi(SANDBOX_COMPANY, () => nowMs)
  override = null
  return qyapiWecom({ ...cfg(), ...over }, { fetch: (...a) => fetch(...a), now: () => nowMs })
}

describe('WeCom login URLs', () => {
  it('the SSO QR page and the in-app OAuth2 page carry the company, the agent, the callback and the state', () => {
    const port = fresh()
    const sso = new URL(port.ssoUrl('a'.repeat(32), 'https://gmh.example.com'))
    expect(sso.origin + sso.pathname).toBe(WECOM_SSO_PAGE)
    expect(Object.fromEntries(sso.searchParams)).toEqual({
      login_type: 'CorpApp',
      appid: SANDBOX_COMPANY.corpid,
      agentid: SANDBOX_COMPANY.agentid,
      redirect_uri: `https://gmh.example.com${WECOM_CALLBACK_PATH}`,
      state: 'a'.repeat(32),
    })
    const oauth = new URL(port.oauth2Url('b'.repeat(32), 'https://gmh.example.com'))
    expect(oauth.origin + oauth.pathname).toBe(WECOM_OAUTH2_PAGE)
    expect(oauth.hash).toBe('#wechat_redirect')
    expect(Object.fromEntries(oauth.searchParams)).toEqual({
      appid: SANDBOX_COMPANY.corpid,
      redirect_uri: `https://gmh.example.com${WECOM_CALLBACK_PATH}`,
      response_type: 'code',
      scope: 'snsapi_base',
      state: 'b'.repeat(32),
      agentid: SANDBOX_COMPANY.agentid,
    })
    const pub = fresh({ publicOrigin: 'https://www.gmh.cn' } as never)
    expect(new URL(pub.ssoUrl('s', 'http://127.0.0.1:8080')).searchParams.get('redirect_uri')).toBe(`https://www.gmh.cn${WECOM_CALLBACK_PATH}`)
  })
})

describe('the access token', () => {
  it('is asked with corpid and corpsecret once, kept for its life, and asked again near its end', async () => {
    const port = fresh()
    await port.clients('LiuMin')
    await port.groups('LiuMin')
    expect(fake.tokensIssued()).toBe(1)
    const get = fake.requests.find((r) => r.path === '/cgi-bin/gettoken')!
    expect(get).toEqual({ method: 'GET', path: '/cgi-bin/gettoken', query: { corpid: SANDBOX_COMPANY.corpid, corpsecret: SANDBOX_COMPANY.corpsecret } })
    // every other call carries it
    expect(fake.requests.filter((r) => r.path !== '/cgi-bin/gettoken').every((r) => typeof r.query.access_token === 'string' && r.query.access_token.length > 10)).toBe(true)
    nowMs += (TOKEN_LIFE_S - 200) * 1000 // inside the last 5 minutes: a new one, before WeCom would refuse the old
    await port.clients('LiuMin')
    expect(fake.tokensIssued()).toBe(2)
  })

  it('42001 (expired) and 40014 (invalid) get a new token and the call is tried once more', async () => {
    const port = fresh()
    await port.clients('ChenHao')
    fake.expireTokens()
    expect((await port.clients('ChenHao')).length).toBe(3)
    expect(fake.tokensIssued()).toBe(2)
    fake.revokeTokens()
    expect((await port.groups('WangLei')).map((g) => g.name)).toEqual(['会员服务群'])
    expect(fake.tokensIssued()).toBe(3)
  })

  it('a token WeCom keeps refusing is tried once, then a clear 502 (no loop)', async () => {
    const port = fresh()
    override = async (req) => (new URL(req.url).pathname === '/cgi-bin/gettoken' ? null : Response.json({ errcode: 42001, errmsg: 'access_token expired' }))
    const e = await port.clients('LiuMin').catch((x: unknown) => x)
    expect(e).toMatchObject({ status: 502, message: WECOM_MESSAGES.upstream })
    expect(fake.tokensIssued()).toBe(2)
  })

  it('a wrong secret or corpid is a 502 with a plain message; the detail stays in the log', async () => {
    const wrong = fresh({ secret: 'not-the-secret' })
    const e = await wrong.clients('LiuMin').catch((x: unknown) => x)
    expect(e).toMatchObject({ status: 502, message: WECOM_MESSAGES.upstream })
    expect((e as Error).message).not.toContain('credential')
    expect(fake.requests.at(-1)!.path).toBe('/cgi-bin/gettoken')
    await expect(fresh({ corpId: 'ww0000000000000000' }).groups('LiuMin')).rejects.toMatchObject({ status: 502 })
  })

  it('WeCom out of reach, an HTTP error or an answer that is not JSON: 502', async () => {
    const down = qyapiWecom({ ...cfg(), apiBase: 'http://127.0.0.1:1' }, { fetch: (...a) => fetch(...a), now: () => nowMs })
    await expect(down.clients('LiuMin')).rejects.toMatchObject({ status: 502, message: WECOM_MESSAGES.upstream })
    const port = fresh()
    override = async () => new Response('<html>busy</html>', { status: 200 })
    await expect(port.clients('LiuMin')).rejects.toMatchObject({ status: 502 })
    override = async () => new Response('busy', { status: 503 })
    await expect(port.clients('LiuMin')).rejects.toMatchObject({ status: 502 })
  })
})

describe('sign-in by code', () => {
  it('auth/getuserinfo names the member, user/get gives the profile', async () => {
    const port = fresh()
    const code = fake.issueCode('LiuMin')
    expect(await port.memberByCode(code)).toEqual({ userid: 'LiuMin', name: '刘敏', position: '高级投资顾问', avatar: '' })
    const asked = fake.requests.filter((r) => r.path !== '/cgi-bin/gettoken').map((r) => [r.path, { ...r.query, access_token: '…' }])
    expect(asked).toEqual([
      ['/cgi-bin/auth/getuserinfo', { access_token: '…', code }],
      ['/cgi-bin/user/get', { access_token: '…', userid: 'LiuMin' }],
    ])
  })

  it('a used, unknown or expired code is 400 "sign in again"; an outside WeChat user is 403', async () => {
    const port = fresh()
    const code = fake.issueCode('ChenHao')
    await port.memberByCode(code)
    await expect(port.memberByCode(code)).rejects.toMatchObject({ status: 400, message: WECOM_MESSAGES.codeInvalid })
    await expect(port.memberByCode('no-such-code')).rejects.toMatchObject({ status: 400, message: WECOM_MESSAGES.codeInvalid })
    const late = fake.issueCode('ChenHao')
    nowMs += 6 * 60_000
    await expect(port.memberByCode(late)).rejects.toMatchObject({ status: 400 })
    await expect(port.memberByCode(fake.issueOutsiderCode())).rejects.toMatchObject({ status: 403, message: WECOM_MESSAGES.notMember })
  })
})

describe('the address book', () => {
  it("clients: the member's external contacts with their note and tags, newest first", async () => {
    const port = fresh()
    const list = await port.clients('LiuMin')
    expect(list.map((c) => c.name)).toEqual(['张子健', '李婉婷', '黄志明', '陈嘉欣', '吴国栋', '林晓彤'])
    expect(list[2]).toMatchObject({ kind: 'wecom', corpName: '汇丰银行（中国）', tags: ['机构'], description: '机构客户，季度路演' })
    expect(list[0]).toMatchObject({ kind: 'wechat', corpName: '', remark: '张子健（港股）', tags: ['港股', '打新'] })
    expect(fake.requests.filter((r) => r.path === '/cgi-bin/externalcontact/get').map((r) => r.query.external_userid)).toHaveLength(6)
  })

  it('a member without clients (84061) has an empty list; an unknown member is a 502', async () => {
    const port = qyapiWecom({ ...cfg(), apiBase: base }, { fetch: (...a) => fetch(...a), now: () => nowMs })
    fake = fakeQyapi({ ...SANDBOX_COMPANY, members: [...SANDBOX_COMPANY.members, { userid: 'NewHire', name: '新同事', position: '', department: [2], gender: '1', avatar: '' }] }, () => nowMs)
    expect(await port.clients('NewHire')).toEqual([])
    await expect(port.clients('Nobody')).rejects.toMatchObject({ status: 502 })
  })

  it('groups: groupchat/list by owner then groupchat/get each, as POSTs with JSON bodies', async () => {
    const port = fresh()
    const list = await port.groups('LiuMin')
    expect(list.map((g) => [g.name, g.memberCount, g.clientCount, g.ownerName])).toEqual([
      ['高股息组合答疑', 4, 2, '刘敏'],
      ['美股科技财报季', 4, 3, '刘敏'],
      ['港股打新交流群', 6, 4, '刘敏'],
    ])
    const posts = fake.requests.filter((r) => r.path.startsWith('/cgi-bin/externalcontact/groupchat/'))
    expect(posts.every((r) => r.method === 'POST')).toBe(true)
  })

  it('a group: its members with roles; another member’s group the member is not in is null', async () => {
    const port = fresh()
    const g = await port.group('LiuMin', 'wrSandboxHkIpoGroup01')
    expect(g).toMatchObject({ name: '港股打新交流群', notice: expect.stringContaining('新股要点') })
    expect(g!.members.slice(0, 3).map((m) => [m.name, m.kind, m.role, m.joinScene])).toEqual([
      ['刘敏', 'member', 'owner', 'invited'],
      ['周雅', 'member', 'admin', 'invited'],
      ['张子健', 'client', 'member', 'link'],
    ])
    expect(await port.group('LiuMin', 'wrSandboxServiceGrp04')).toBeNull()
    expect((await port.group('ChenHao', 'wrSandboxServiceGrp04'))!.members.find((m) => m.userid === 'ChenHao')!.role).toBe('admin')
    expect(await port.group('LiuMin', 'wrNoSuchGroup')).toBeNull()
  })
})

describe('the stand-in checks requests as WeCom does', () => {
  it('no token 41001, a GET to a POST call 43002, a bad body 47001, a bad limit 40058', async () => {
    fresh()
    const ask = async (path: string, init?: RequestInit) => (await (await fetch(`${base}${path}`, init)).json()) as { errcode: number }
    expect((await ask('/cgi-bin/user/get?userid=LiuMin')).errcode).toBe(41001)
    const { access_token } = (await (await fetch(`${base}/cgi-bin/gettoken?corpid=${SANDBOX_COMPANY.corpid}&corpsecret=${SANDBOX_COMPANY.corpsecret}`)).json()) as { access_token: string }
    expect((await ask(`/cgi-bin/externalcontact/groupchat/list?access_token=${access_token}`)).errcode).toBe(43002)
    expect((await ask(`/cgi-bin/externalcontact/groupchat/list?access_token=${access_token}`, { method: 'POST', body: 'not json' })).errcode).toBe(47001)
    expect((await ask(`/cgi-bin/externalcontact/groupchat/list?access_token=${access_token}`, { method: 'POST', body: '{"limit":0}' })).errcode).toBe(40058)
    expect((await ask(`/cgi-bin/user/get?access_token=${access_token}&userid=Ghost`)).errcode).toBe(60111)
  })
})
