// The pre-purchase stack (spec 001 §2): purchase confirmation (risk match), risk level statement, risk level
// directory, risk assessment notification letter, risk disclosure letter, agreement signing — each with a
// back arrow and a close icon.
import { useEffect, useState } from 'react'
import { useSelector } from '@xstate/react'
import type { StackPage } from '../../../core/order/order-dialog.machine'
import { t, type TranslationKey } from '../../i18n/i18n'
import { DialogHead } from './dialog-head'
import type { OrderActor, OrderSnapshot } from './order-dialog'
import { actions, agreementLine, body, docText, linkButton, loadingBox, matchNo, matchYes, primary, secondary, table, tabs } from './styles'
import '../../i18n/texts/order'

type Sub = 'loading' | 'riskMatch' | StackPage | 'agreementSigning' | 'signing'
const SUBS: Sub[] = ['loading', 'riskMatch', 'riskLevelStatement', 'riskLevelDirectory', 'riskNotification', 'riskDisclosure', 'agreementSigning', 'signing']
const subOf = (s: OrderSnapshot): Sub => SUBS.find((x) => s.matches({ open: { prePurchase: x } })) ?? 'loading'

const DOC: Record<StackPage, { title: TranslationKey; text: TranslationKey }> = {
  riskLevelStatement: { title: 'order.stack.statementTitle', text: 'order.stack.statementText' },
  riskLevelDirectory: { title: 'order.stack.directoryTitle', text: 'order.stack.directoryText' },
  riskNotification: { title: 'order.stack.notificationTitle', text: 'order.stack.notificationText' },
  riskDisclosure: { title: 'order.stack.disclosureTitle', text: 'order.stack.disclosureText' },
}

function RiskMatch({ actor }: { actor: OrderActor }) {
  const c = useSelector(actor, (s) => s.context.confirmation)
  const consent = useSelector(actor, (s) => s.context.riskConsent)
  if (!c) return null
  const open = (page: StackPage) => actor.send({ type: 'stack.open', page })
  return (
    <div className={body}>
      <table className={table}>
        <tbody>
          <tr>
            <th scope="row">{t('order.stack.realName')}</th>
            <td>{c.userInfo.realName}</td>
          </tr>
          <tr>
            <th scope="row">{t('order.stack.commodity')}</th>
            <td>{c.commodity.name}</td>
          </tr>
          <tr>
            <th scope="row">{t('order.stack.yourLevel')}</th>
            <td>{c.riskVO.result}</td>
          </tr>
          <tr>
            <th scope="row">{t('order.stack.productLevel')}</th>
            <td>
              {c.riskVO.productRiskLevel}{' '}
              <button type="button" className={linkButton} onClick={() => open('riskLevelStatement')}>
                {t('order.stack.statementTitle')}
              </button>{' '}
              <button type="button" className={linkButton} onClick={() => open('riskLevelDirectory')}>
                {t('order.stack.directoryTitle')}
              </button>
            </td>
          </tr>
          <tr>
            <th scope="row">{t('order.stack.match')}</th>
            <td className={c.riskVO.isMatch ? matchYes : matchNo} data-testid="risk-match">
              {c.riskVO.isMatch ? t('order.stack.matched') : t('order.stack.mismatched')}
            </td>
          </tr>
          <tr>
            <th scope="row">{t('order.stack.company')}</th>
            <td>{c.companyInfo.companyName}</td>
          </tr>
        </tbody>
      </table>
      <p className={agreementLine}>
        <input id="risk-consent" type="checkbox" checked={consent} onChange={() => actor.send({ type: 'risk.consent' })} data-testid="risk-consent" />
        <label htmlFor="risk-consent">{t('order.stack.consent')}</label>
        <button type="button" className={linkButton} onClick={() => open('riskNotification')}>
          《{t('order.stack.notificationTitle')}》
        </button>
        <button type="button" className={linkButton} onClick={() => open('riskDisclosure')}>
          《{t('order.stack.disclosureTitle')}》
        </button>
      </p>
      <div className={actions}>
        <button type="button" className={secondary} onClick={() => actor.send({ type: 'risk.reassess' })}>
          {t('order.stack.reassess')}
        </button>
        <button type="button" className={primary} onClick={() => actor.send({ type: 'risk.confirm' })} data-testid="risk-confirm">
          {c.riskVO.isMatch ? t('order.stack.confirm') : t('order.stack.stillBuy')}
        </button>
      </div>
    </div>
  )
}

function Signing({ actor, busy }: { actor: OrderActor; busy: boolean }) {
  const list = useSelector(actor, (s) => s.context.confirmation?.agreements ?? [])
  const read = useSelector(actor, (s) => s.context.readAgreementIds)
  const [shown, setShown] = useState(list[0]?.id ?? null)
  // the agreement on show is the one opened (spec 001 §4: a red dot until opened)
  useEffect(() => {
    if (shown !== null) actor.send({ type: 'agreement.read', id: shown })
  }, [actor, shown])
  const current = list.find((a) => a.id === shown)
  return (
    <div className={body}>
      <div className={tabs} role="tablist">
        {list.map((a) => (
          <button key={a.id} type="button" role="tab" aria-selected={a.id === shown} onClick={() => setShown(a.id)}>
            {a.title}
            {read.includes(a.id) ? null : <span className="dot" aria-label={t('order.stack.unread')} />}
          </button>
        ))}
      </div>
      <div role="tabpanel" className={docText}>
        {current ? t('order.stack.agreementText', { title: current.title }) : null}
      </div>
      <div className={actions}>
        <button type="button" className={primary} disabled={busy} onClick={() => actor.send({ type: 'agreement.sign' })} data-testid="agreement-sign">
          {busy ? t('order.creating') : t('order.stack.sign')}
        </button>
      </div>
    </div>
  )
}

export function PrePurchasePage({ actor }: { actor: OrderActor }) {
  const sub = useSelector(actor, subOf)
  const close = () => actor.send({ type: 'stack.close' })
  const back = () => actor.send({ type: 'stack.back' })
  if (sub === 'loading') {
    return (
      <>
        <DialogHead title={t('order.stack.confirmTitle')} onBack={close} onClose={close} />
        <div className={loadingBox} role="status">
          {t('order.loading')}
        </div>
      </>
    )
  }
  if (sub === 'riskMatch') {
    return (
      <>
        <DialogHead title={t('order.stack.confirmTitle')} onBack={close} onClose={close} />
        <RiskMatch actor={actor} />
      </>
    )
  }
  if (sub === 'agreementSigning' || sub === 'signing') {
    return (
      <>
        <DialogHead title={t('order.stack.signTitle')} onBack={back} onClose={close} />
        <Signing actor={actor} busy={sub === 'signing'} />
      </>
    )
  }
  const doc = DOC[sub]
  return (
    <>
      <DialogHead title={t(doc.title)} onBack={back} onClose={close} />
      <div className={`${body} ${docText}`}>{t(doc.text)}</div>
    </>
  )
}
