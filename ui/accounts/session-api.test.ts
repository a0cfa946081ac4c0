// The accounts API module: the session machine's actors from the HTTP port, and 401 handling.
import { describe, expect, it } from 'vitest'
import { waitFor } from 'xstate'
import { ApiError } from '../../core/api/api-error'
import { getUser } from '../../core/api/accounts'
import { fakeHttp } from '../testing/render'
import type { SessionActor } from '../common/session'
import { startSession, withSessionExpiry } from './session-api'

const info = { id: 7, nick: '老股民', avatar: '' }

describe('startSession', () => {
  it('a hinted page checks the session with the login info, followings (500), followed subjects and stock follows', async () => {
    const http = fakeHttp({
      'user.get': info,
      'friendships.followings': { list: [{ id: 3 }], hasMore: false, total: 1 },
      'subjects.followed': { list: [{ id: 21 }, { id: 22 }], hasMore: false },
      'userstock.listV2': [{ id: 'HK00700' }],
    })
    const actor = startSession(http, { hinted: true })
    expect(actor.getSnapshot().matches('checking')).toBe(true)
    const s = await waitFor(actor, (x) => x.matches('signedIn') && x.context.stockIds.length > 0 && x.context.userIds.length > 0 && x.context.subjectIds.length > 0)
    expect(s.context.info).toEqual(info)
    expect(s.context.subjectIds).toEqual([21, 22])
    expect(http.callsTo('friendships.followings')[0]?.input?.query).toEqual({ page: '1', count: '500' })
    expect(http.callsTo('subjects.followed')[0]?.input?.query).toEqual({ page: 1, limit: 100 })
  })

  it('a page without the hint is a guest and asks nothing', () => {
    const http = fakeHttp()
    const actor = startSession(http, { hinted: false })
    expect(actor.getSnapshot().matches('guest')).toBe(true)
    expect(http.calls).toEqual([])
  })
})

describe('withSessionExpiry', () => {
  it('a call answered 401 ends the session; other failures do not', async () => {
    let answer: 'ok' | 401 | 500 = 'ok'
    const raw = fakeHttp({
      'user.get': () => {
        if (answer === 'ok') return info
        throw new ApiError({ statusCode: answer, message: answer === 401 ? '请先登录' : '服务器繁忙，请稍后重试' })
      },
      'friendships.followings': { list: [], hasMore: false, total: 0 },
      'userstock.listV2': [],
    })
    let session: SessionActor | null = null
    const http = withSessionExpiry(raw, () => session)
    session = startSession(http, { hinted: true })
    await waitFor(session, (x) => x.matches('signedIn'))
    answer = 500
    await expect(http.call(getUser)).rejects.toMatchObject({ statusCode: 500 })
    expect(session.getSnapshot().matches('signedIn')).toBe(true)
    answer = 401
    await expect(http.call(getUser)).rejects.toMatchObject({ statusCode: 401 })
    expect(session.getSnapshot().matches('guest')).toBe(true)
    expect(session.getSnapshot().context.info).toBeNull()
  })
})
