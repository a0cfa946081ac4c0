// @vitest-environment jsdom
// A circle's chatroom (/chiefChatroom?financialCircleId=, spec 001 §2, §7 chatroom-with-message; issue 27).
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../core/api/api-error'
import { fakeHttp, makeServices, renderUi } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { CircleChatroomPage } from './circle-chatroom-page'

afterEach(cleanup)

describe('a circle\'s chatroom', () => {
  it('a guest opening a circle chatroom is sent to /chiefCircle (spec 001 §2 guard)', async () => {
    const http = fakeHttp()
    const r = renderUi(<CircleChatroomPage />, { path: '/chiefChatroom?financialCircleId=3', services: makeServices({ http }) })
    await waitFor(() => expect(r.location.history.at(-1)).toBe('/chiefCircle'))
    expect(http.callsTo('circle.chatroomWithMessage')).toEqual([])
  })

  it('a member opens the circle\'s chatroom by its financialCircleId; a refusal shows the server message', async () => {
    const http = fakeHttp({ 'circle.chatroomWithMessage': () => Promise.reject(new ApiError({ statusCode: 403, message: '加入圈子后才能查看全部内容' })) })
    renderUi(
      <WithSession actor={testSession({ id: 7 })}>
        <CircleChatroomPage />
      </WithSession>,
      { path: '/chiefChatroom?financialCircleId=3', services: makeServices({ http }) },
    )
    expect(await screen.findByText('加入圈子后才能查看全部内容')).toBeTruthy()
    expect(http.callsTo('circle.chatroomWithMessage')[0]!.input).toEqual({ query: { financialCircleId: 3 } })
  })
})
