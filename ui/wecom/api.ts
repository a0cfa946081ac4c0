// The WeCom pages' API module (design.md 'App state and the API layer'): the reads of the address book
// (for useRead) and the sign-in machine's actors (core/wecom/wecom-sign-in.machine.ts), from the HTTP port.
import { fromPromise } from 'xstate'
import type { HttpPort } from '../../core/api/http-port'
import * as wecom from '../../core/api/wecom'
import { wecomSignInMachine, type WecomSignInAction } from '../../core/wecom/wecom-sign-in.machine'
import { useApi } from '../common/use-api'
import { endpointRead, forReader } from '../common/use-read'

export function wecomApi(http: HttpPort) {
  return {
    // personal reads, keyed by the reader (ui/common/use-read.ts forReader)
    /** the reader's member (null until they sign in with WeCom) and the company's name */
    mine: (userId: number) => forReader(endpointRead(http, wecom.wxworkMine), userId),
    clients: (userId: number) => forReader(endpointRead(http, wecom.wxworkClients), userId),
    groups: (userId: number) => forReader(endpointRead(http, wecom.wxworkGroups), userId),
    group: (userId: number, gid: string) => forReader(endpointRead(http, wecom.wxworkGroup, { params: { gid } }), userId),
    /** the sign-in: where WeCom's page is (SSO or OAuth2), and spending the code it brought back */
    signIn: (redirect: string) =>
      wecomSignInMachine.provide({
        actors: {
          startSignIn: fromPromise<{ url: string }, { kind: 'sso' | 'oauth2' }>(({ input }) =>
            http.call(input.kind === 'sso' ? wecom.wxworkSso : wecom.wxworkOauth2, { query: { redirect } }),
          ),
          spendCode: fromPromise<{ action: WecomSignInAction; member: wecom.WecomMember }, { code: string }>(({ input }) => http.call(wecom.wxworkSession, { body: input })),
        },
      }),
  }
}

export const useWecomApi = () => useApi(wecomApi)
