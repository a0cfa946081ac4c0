// /member/attestation (issue 13): the attestation screens on a page of their own, for the reader the
// order dialog sends here when the machine says attestation is needed:
//   /member/attestation?step=<0-5>&redirect=<same-site path>   (./return-target.ts)
// The machine starts from the reader's kyc; what it learns (certification, svipInvestor) goes back to
// the session so the purchase the reader returns to sees it.
import { useMemo } from 'react'
import { useSearch } from 'wouter'
import { useActorRef } from '@xstate/react'
import { inspect } from '../../dev/inspector'
import { attestationMachine, type Kyc } from '../../../core/attestation/attestation.machine'
import type { Step } from '../../../core/attestation/attestation-rules'
import { NotLoggedIn } from '../../common/my-layout'
import { usePageTitle } from '../../common/page-title'
import { useSession, type SessionActor } from '../../common/session'
import { Loading } from '../../common/status'
import { t } from '../../i18n/i18n'
import { useServices } from '../../services'
import { useMembershipApi } from '../api'
import { AssetAllocationStep } from './asset-allocation'
import { AttestationView } from './attestation-view'
import { RETURN_PARAM, safeReturnPath, STEP_PARAM, stepParam } from './return-target'
import { panel } from './styles'
import '../../i18n/texts/attestation'

function Flow({ session, kyc, step, returnTo, phone, countryCode }: { session: SessionActor; kyc: Kyc; step: Step | undefined; returnTo: string | null; phone: string; countryCode: string }) {
  const api = useMembershipApi()
  const machine = useMemo(
    () =>
      attestationMachine.provide({
        actors: api.attestationActors,
        actions: {
          // spec 001 §4: certification pass marks kyc.certification, the questionnaire svipInvestor
          reportKyc: (_, params: { kyc: Kyc }) => session.send({ type: 'kyc.changed', kyc: params.kyc }),
        },
      }),
    [api, session],
  )
  const { now } = useServices()
  const actor = useActorRef(machine, { input: { kyc, nowMs: now(), ...(step !== undefined ? { step } : {}) }, inspect })
  return <AttestationView actor={actor} phone={phone} countryCode={countryCode} done={(resultId) => <AssetAllocationStep resultId={resultId} returnTo={returnTo} />} />
}

export function AttestationPage() {
  usePageTitle(t('attestation.title'))
  const session = useSession()
  const query = new URLSearchParams(useSearch())
  const step = stepParam(query.get(STEP_PARAM))
  const returnTo = safeReturnPath(query.get(RETURN_PARAM))
  const info = session.info
  return (
    <div className={panel}>
      <h1>{t('attestation.title')}</h1>
      {info ? (
        <Flow key={info.id} session={session.actor} kyc={info.kyc} step={step} returnTo={returnTo} phone={info.phone} countryCode={info.countryCode} />
      ) : session.checking ? (
        <Loading rows={3} />
      ) : (
        <NotLoggedIn />
      )}
    </div>
  )
}
