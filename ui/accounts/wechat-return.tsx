// The return from the WeChat QR (spec 000 §4 'WeChat return flow'), run by
// core/auth/wechat-return.machine.ts when the page loads with ?wxcode=. Loaded only then.
import { useEffect } from 'react'
import { createActor, fromPromise, waitFor } from 'xstate'
import { inspect } from '../dev/inspector'
import { wechatReturnMachine } from '../../core/auth/wechat-return.machine'
import { useSessionActor } from '../common/session'
import { useAccountsApi } from './api'

export function WechatReturn({ wxcode, isLoggedIn }: { wxcode: string; isLoggedIn: boolean }) {
  const calls = useAccountsApi()
  const session = useSessionActor()
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
            session.send({ type: 'session.logout' })
            await waitFor(session, (s) => !s.matches('loggingOut'), { timeout: Infinity })
          }),
          exchangeCode: calls.exchangeWechatCode,
          acceptAgreement: fromPromise<void, void>(() => calls.acceptAgreement()),
        },
        actions: {
          openBindPhone: (_, params) => {
            history.replaceState(history.state, '', withoutWxcode())
            session.send({ type: 'session.check' })
            session.send({ type: 'login.open', request: { page: 'bindphone', bindInfo: params.bindInfo } })
          },
          reloadWithoutWxcode: () => location.replace(withoutWxcode()),
        },
      }),
      { input: { wxcode, isLoggedIn }, inspect },
    )
    actor.subscribe((s) => {
      if (s.status === 'done' && s.output?.outcome === 'loggedOut') history.replaceState(history.state, '', withoutWxcode())
    })
    actor.start()
    return () => {
      actor.stop()
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once on mount: the wxcode in the address is consumed by one actor
  }, [])
  return null
}
