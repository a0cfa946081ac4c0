// The return from the WeChat QR (spec 000 §4 'WeChat return flow'), run by
// core/auth/wechat-return.machine.ts when the page loads with ?wxcode=. Loaded only then.
import { useEffect } from 'react'
import { createActor, fromPromise } from 'xstate'
import * as api from '../../core/api/accounts'
import { wechatReturnMachine } from '../../core/auth/wechat-return.machine'
import type { AuthAnswer, WechatSession } from '../../core/auth/auth-types'
import { useServices } from '../services'
import { answer } from './auth-calls'
import { useSession } from './session'

export function WechatReturn({ wxcode, isLoggedIn }: { wxcode: string; isLoggedIn: boolean }) {
  const { http } = useServices()
  const session = useSession()
  useEffect(() => {
    const withoutWxcode = () => {
      const url = new URL(location.href)
      url.searchParams.delete('wxcode')
      return url.pathname + url.search + url.hash
    }
    const actor = createActor(
      wechatReturnMachine.provide({
        actors: {
          logout: fromPromise(async () => {
            await session.logout?.()
          }),
          exchangeCode: fromPromise<AuthAnswer<WechatSession>, { code: string }>(({ input }) =>
            answer(http.call(api.wechatSession, { query: { code: input.code, timestamp: String(Math.floor(Date.now() / 1000)) } })),
          ),
          acceptAgreement: fromPromise(async () => {
            await http.call(api.acceptAgreement).catch(() => undefined)
          }),
        },
        actions: {
          openBindPhone: (_, params) => {
            history.replaceState(history.state, '', withoutWxcode())
            void session.refresh?.()
            void session.openLogin?.({ page: 'bindphone', bindInfo: params.bindInfo })
          },
          reloadWithoutWxcode: () => location.replace(withoutWxcode()),
        },
      }),
      { input: { wxcode, isLoggedIn } },
    )
    actor.subscribe((s) => {
      if (s.status === 'done' && s.output?.outcome === 'loggedOut') history.replaceState(history.state, '', withoutWxcode())
    })
    actor.start()
    return () => {
      actor.stop()
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return null
}
