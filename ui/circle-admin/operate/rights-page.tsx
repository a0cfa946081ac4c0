// operate/rights (spec 001 §2; issue 29): the list of what membership of a circle gives — a title and a
// line each, in order — which the owner and the admins edit and save whole. The rules (at most ten, a
// title each) are core/circle-admin/circles.ts; the server checks them again.
import { useState } from 'react'
import { css } from '@linaria/core'
import type { AdminCircle, RightBody } from '../../../core/api/circle-admin-circles'
import { normaliseError } from '../../../core/api/api-error'
import { moveItem, RIGHT_DESCRIPTION_MAX, RIGHT_TITLE_MAX, RIGHTS_MAX, rightsProblem } from '../../../core/circle-admin/circles'
import { Failed, Loading } from '../../common/status'
import { useInvalidate, useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { pill, primary } from '../../styles/buttons'
import { field, smallButton } from '../../styles/controls'
import { tokens } from '../../styles/tokens'
import { ConsoleFrame } from '../console-frame'
import { hint, message, okMessage } from '../parts'
import { CIRCLE_ADMIN_READS, useCircleAdminApi } from '../circle/api'
import { CirclePicker } from '../circle/parts'
import '../../i18n/texts/circleAdminCircles'

const list = css`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
  display: grid;
  gap: 10px;
  li {
    display: grid;
    grid-template-columns: 56px 200px minmax(0, 1fr) auto;
    gap: 10px;
    align-items: center;
    padding: 10px 12px;
    border-radius: 8px;
    background: ${tokens.bg};
    font-size: 13px;
  }
  li > span {
    color: ${tokens.textMuted};
  }
  li input {
    width: 100%;
  }
  .buttons {
    display: flex;
    gap: 6px;
  }
`

export function RightsPage() {
  return (
    <ConsoleFrame title={t('circleAdminCircles.rights.title')}>
      <p className={hint}>{t('circleAdminCircles.rights.intro')}</p>
      <CirclePicker>{(circle) => <CircleRights key={circle.id} circle={circle} />}</CirclePicker>
    </ConsoleFrame>
  )
}

function CircleRights({ circle }: { circle: AdminCircle }) {
  const api = useCircleAdminApi()
  const rights = useRead(api.rights(circle.id))
  if (rights.status === 'loading') return <Loading rows={3} />
  if (rights.status === 'failed') return <Failed message={rights.message} onRetry={rights.reload} />
  return <RightsEditor circle={circle} initial={rights.data.list} />
}

function RightsEditor({ circle, initial }: { circle: AdminCircle; initial: readonly RightBody[] }) {
  const api = useCircleAdminApi()
  const invalidate = useInvalidate()
  const [items, setItems] = useState<readonly RightBody[]>(initial)
  const [failure, setFailure] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)
  const edit = (next: readonly RightBody[]) => {
    setItems(next)
    setSaved(false)
  }
  const save = () => {
    const problem = rightsProblem(items)
    setFailure(problem || null)
    if (problem) return
    setBusy(true)
    api.saveRights(circle.id, items).then(
      (r) => {
        setItems(r.list)
        setSaved(true)
        setBusy(false)
        invalidate(CIRCLE_ADMIN_READS)
      },
      (e: unknown) => {
        setFailure(normaliseError(e).message)
        setBusy(false)
      },
    )
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        save()
      }}
      noValidate
      data-testid="rights-form"
    >
      {items.length === 0 ? <p className={hint}>{t('circleAdminCircles.rights.none')}</p> : null}
      <ol className={list}>
        {items.map((r, i) => (
          <li key={i} data-testid="right-row">
            <span>{t('circleAdminCircles.rights.item', { n: i + 1 })}</span>
            <input
              type="text"
              className={field}
              maxLength={RIGHT_TITLE_MAX * 2}
              value={r.title}
              placeholder={t('circleAdminCircles.rights.itemTitle')}
              aria-label={t('circleAdminCircles.rights.itemTitle')}
              onChange={(e) => edit(items.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)))}
              data-testid="right-title"
            />
            <input
              type="text"
              className={field}
              maxLength={RIGHT_DESCRIPTION_MAX * 2}
              value={r.description}
              placeholder={t('circleAdminCircles.rights.itemDescription')}
              aria-label={t('circleAdminCircles.rights.itemDescription')}
              onChange={(e) => edit(items.map((x, j) => (j === i ? { ...x, description: e.target.value } : x)))}
              data-testid="right-description"
            />
            <div className="buttons">
              <button type="button" className={smallButton} disabled={i === 0} onClick={() => edit(moveItem(items, i, -1))}>
                {t('circleAdminCircles.rights.up')}
              </button>
              <button type="button" className={smallButton} disabled={i === items.length - 1} onClick={() => edit(moveItem(items, i, 1))}>
                {t('circleAdminCircles.rights.down')}
              </button>
              <button type="button" className={smallButton} data-tone="danger" onClick={() => edit(items.filter((_, j) => j !== i))}>
                {t('circleAdminCircles.rights.remove')}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <div style={{ display: 'flex', gap: 10, alignItems: 'center' }}>
        <button type="button" className={pill} disabled={items.length >= RIGHTS_MAX} onClick={() => edit([...items, { title: '', description: '' }])} data-testid="right-add">
          {t('circleAdminCircles.rights.add')}
        </button>
        <button type="submit" className={`${pill} ${primary}`} disabled={busy} data-testid="rights-save">
          {t('circleAdminCircles.rights.save')}
        </button>
        <span className={hint} style={{ margin: 0 }}>
          {t('circleAdminCircles.rights.count', { count: items.length, max: RIGHTS_MAX })}
        </span>
      </div>
      {failure ? (
        <p className={message} role="alert" data-testid="rights-message">
          {failure}
        </p>
      ) : null}
      {saved ? (
        <p className={okMessage} role="status" data-testid="rights-saved">
          {t('circleAdminCircles.rights.saved')}
        </p>
      ) : null}
    </form>
  )
}
