// Test helper: a started session actor (core/session/session.machine.ts) whose server calls are
// stubs, signed in as `info` when given, and a wrapper that hands it to the views.
import type { ReactNode } from 'react'
import { createActor, fromPromise } from 'xstate'
import type { LoginInfo } from '../../core/api/accounts'
import { sessionMachine } from '../../core/session/session.machine'
import { SessionActorContext, type SessionActor } from '../common/session'

export function testSession(info?: Partial<LoginInfo> & { id: number }, lists: { userIds?: number[]; subjectIds?: number[]; stockIds?: string[] } = {}): SessionActor {
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        loadLoginInfo: fromPromise<LoginInfo>(() => Promise.reject(new Error('not in this test'))),
        loadFollows: fromPromise<readonly number[]>(async () => lists.userIds ?? []),
        loadSubjectFollows: fromPromise<readonly number[]>(async () => lists.subjectIds ?? []),
        loadStockFollows: fromPromise<readonly string[]>(async () => lists.stockIds ?? []),
        logout: fromPromise<unknown>(async () => true),
      },
    }),
  ).start()
  if (info) actor.send({ type: 'login.done', info: { nick: '老股民', avatar: '', ...info } as LoginInfo })
  return actor
}

export function WithSession({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  return <SessionActorContext.Provider value={actor}>{children}</SessionActorContext.Provider>
}
