// The asset-allocation advice after the risk result (spec 001 §2 order dialog 'assetAllocation', §3
// 'Asset allocation': configurations[] of name and proportion percent, §9 the ring). The order dialog
// can show `AllocationAdvice` with the allocation its own machine loaded.
import { Link } from 'wouter'
import type { AssetAllocation } from '../../../core/api/attestation'
import { useRead } from '../../common/use-read'
import { Failed, Loading } from '../../common/status'
import { t } from '../../i18n/i18n'
import { useMembershipApi } from '../api'
import { RING_COLOURS, RingChart } from './ring-chart'
import { actions, allocation as allocationClass, mainButton } from './styles'
import '../../i18n/texts/attestation'

export function AllocationAdvice({ allocation }: { allocation: AssetAllocation }) {
  const slices = allocation.configurations
  return (
    <div className={allocationClass}>
      <RingChart slices={slices} label={slices.map((c) => `${c.name} ${c.proportion}%`).join('，')} />
      <table aria-label={t('attestation.allocation.chart')}>
        <tbody>
          {slices.map((c, i) => (
            <tr key={c.name}>
              <th scope="row">
                <span className="swatch" style={{ background: RING_COLOURS[i % RING_COLOURS.length] }} aria-hidden="true" />
                {c.name}
              </th>
              <td>{c.proportion}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The advice for the reader's risk result, then the way back to their purchase (or the member area). */
export function AssetAllocationStep({ resultId, returnTo }: { resultId: number; returnTo: string | null }) {
  const api = useMembershipApi()
  const load = useRead(api.assetAllocation(resultId))
  return (
    <section aria-labelledby="att-allocation">
      <h2 id="att-allocation">{t('attestation.allocation.title')}</h2>
      <p>{t('attestation.allocation.text')}</p>
      {load.status === 'loading' ? <Loading rows={2} /> : load.status === 'failed' ? <Failed message={load.message} onRetry={load.reload} /> : <AllocationAdvice allocation={load.data} />}
      <p style={{ fontSize: 12 }}>{t('attestation.allocation.disclaimer')}</p>
      <div className={actions}>
        <Link href={returnTo ?? '/member'} className={mainButton}>
          {returnTo ? t('attestation.allocation.back') : t('attestation.allocation.done')}
        </Link>
      </div>
    </section>
  )
}
