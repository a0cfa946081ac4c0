// Test helper: the whole app (its routes, layouts and header) at `path`, for the reader whose session
// the test gives (a guest by default), every call answered by the fake `http`.
import { App } from '../app'
import { fakeHttp, makeServices, renderUi, type FakeHttp } from './render'
import { testSession, WithSession } from './session'
import type { SessionActor } from '../common/session'

export function renderApp(path: string, http: FakeHttp = fakeHttp(), session: SessionActor = testSession()) {
  return renderUi(
    <WithSession actor={session}>
      <App />
    </WithSession>,
    { path, services: makeServices({ http }) },
  )
}
