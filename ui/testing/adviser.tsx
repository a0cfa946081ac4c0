// Test helper of the circle-admin console's pages: a page rendered for a signed-in adviser (an
// advisory certification opens the console) over a fake HTTP port, and a circle as the console's lists
// answer it (circleAdmin.circles), its owner's. The console's page tests share them.
import type { ReactElement } from 'react'
import { loginInfoFixture } from '../../core/testing/login-info'
import { fakeHttp, makeServices, renderUi, type FakeAnswer, type FakeHttp, type RenderUiResult } from './render'
import { testSession, WithSession } from './session'

export interface Adviser {
  id: number
  nick: string
}

/** Renders `ui` at `path` for `adviser` (certified), the fake HTTP port answering `answers`. */
export function renderForAdviser(ui: ReactElement, { answers, path, adviser }: { answers: Record<string, FakeAnswer>; path: string; adviser: Adviser }): { http: FakeHttp; location: RenderUiResult['location'] } {
  const http = fakeHttp(answers)
  const session = testSession(loginInfoFixture({ ...adviser, advisoryCertification: { createTime: 1_700_000_000 } }))
  const r = renderUi(<WithSession actor={session}>{ui}</WithSession>, { path, services: makeServices({ http }) })
  return { http, location: r.location }
}

/** A circle of the console's lists, owned by `owner` and approved; `over` changes what a test needs. */
export function adminCircle(owner: Adviser, over: Record<string, unknown> = {}) {
  return {
    id: 4,
    type: 'FINANCIAL_CIRCLE',
    name: '老周港股实战圈',
    avatar: '/c.png',
    brief: '每日盘前策略',
    owner: { ...owner, avatar: '', brief: '' },
    role: 'owner',
    reviewStatus: 'approved',
    rejectReason: null,
    paid: true,
    minPrice: 19_900,
    memberCount: 12,
    adminCount: 1,
    createTimestamp: 1_790_000_000,
    ...over,
  }
}
