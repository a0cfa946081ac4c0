// operate/sort and operate/sort/{id} (spec 001 §2; issue 29): the order in which things appear, moved
// up and down and saved whole. operate/sort: the circles the reader owns, as their pages list them;
// operate/sort/{id}: a circle's content sections (its tags; 全部 always first). An order names every
// item once (core/circle-admin/circles.ts isSameSet; the server checks it again).
import { useState } from 'react'
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { SortItem } from '../../../core/api/circle-admin-circles'
import { normaliseError } from '../../../core/api/api-error'
import { moveItem } from '../../../core/circle-admin/circles'
import { Empty, Failed, Loading } from '../../common/status'
import { useInvalidate, useRead, type Read } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { pill, primary } from '../../styles/buttons'
import { smallButton } from '../../styles/controls'
import { tokens } from '../../styles/tokens'
import { ConsoleFrame } from '../console-frame'
import { hint, message, okMessage } from '../parts'
import { CIRCLE_ADMIN_READS, useCircleAdminApi } from '../circle/api'
import '../../i18n/texts/circleAdminCircles'

export const SORT_PATH = '/circle-admin/operate/sort'

const rows = css`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
  display: grid;
  gap: 8px;
  max-width: 640px;
  li {
    display: flex;
    gap: 12px;
    align-items: center;
    padding: 10px 14px;
    border-radius: 8px;
    background: ${tokens.bg};
    font-size: 14px;
  }
  .n {
    width: 24px;
    color: ${tokens.textMuted};
    font-variant-numeric: tabular-nums;
  }
  .name {
    flex: 1;
    min-width: 0;
  }
  .muted {
    color: ${tokens.textMuted};
    font-size: 12px;
  }
`

/** operate/sort: the reader's own circles. */
export function CircleSortPage() {
  const api = useCircleAdminApi()
  return (
    <ConsoleFrame title={t('circleAdminCircles.sort.title')}>
      <p className={hint}>{t('circleAdminCircles.sort.circlesIntro')}</p>
      <SortList read={api.circleOrder()} save={api.saveCircleOrder} extra={(item) => <Link href={`${SORT_PATH}/${item.id}`}>{t('circleAdminCircles.sort.tags')}</Link>} />
    </ConsoleFrame>
  )
}

/** operate/sort/{id}: a circle's tags. */
export function TagSortPage({ id }: { id: number }) {
  const api = useCircleAdminApi()
  const circle = useRead(api.allCircles())
  const name = circle.status === 'ready' ? (circle.data.list.find((c) => c.id === id)?.name ?? '') : ''
  return (
    <ConsoleFrame
      title={t('circleAdminCircles.sort.tagsTitle')}
      active="operateSort"
      actions={
        <Link href={SORT_PATH} className={pill}>
          {t('circleAdminCircles.sort.back')}
        </Link>
      }
    >
      <p className={hint}>{t('circleAdminCircles.sort.tagsIntro', { name })}</p>
      <SortList read={api.tagOrder(id)} save={(ids) => api.saveTagOrder(id, ids)} />
    </ConsoleFrame>
  )
}

function SortList({ read, save, extra }: { read: Read<{ readonly list: readonly SortItem[] }>; save: (ids: readonly number[]) => Promise<{ readonly list: readonly SortItem[] }>; extra?: (item: SortItem) => React.ReactNode }) {
  const list = useRead(read)
  if (list.status === 'loading') return <Loading rows={3} />
  if (list.status === 'failed') return <Failed message={list.message} onRetry={list.reload} />
  if (list.data.list.length === 0) return <Empty text={t('circleAdminCircles.sort.none')} />
  return <SortEditor initial={list.data.list} save={save} extra={extra} />
}

function SortEditor({ initial, save, extra }: { initial: readonly SortItem[]; save: (ids: readonly number[]) => Promise<{ readonly list: readonly SortItem[] }>; extra?: ((item: SortItem) => React.ReactNode) | undefined }) {
  const invalidate = useInvalidate()
  const [items, setItems] = useState(initial)
  const [failure, setFailure] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const move = (i: number, by: -1 | 1) => {
    setItems(moveItem(items, i, by))
    setSaved(false)
  }
  const submit = () => {
    setFailure(null)
    save(items.map((x) => x.id)).then(
      (r) => {
        setItems(r.list)
        setSaved(true)
        invalidate(CIRCLE_ADMIN_READS)
      },
      (e: unknown) => setFailure(normaliseError(e).message),
    )
  }
  return (
    <>
      <ol className={rows} data-testid="sort-list">
        {items.map((item, i) => (
          <li key={item.id} data-testid="sort-row">
            <span className="n">{i + 1}</span>
            <span className="name">
              {item.name} {item.type ? <span className="muted">{t(`circleAdminCircles.types.${item.type}`)}</span> : null}
            </span>
            {extra ? extra(item) : null}
            <button type="button" className={smallButton} disabled={i === 0} onClick={() => move(i, -1)} data-testid="sort-up">
              {t('circleAdminCircles.sort.up')}
            </button>
            <button type="button" className={smallButton} disabled={i === items.length - 1} onClick={() => move(i, 1)} data-testid="sort-down">
              {t('circleAdminCircles.sort.down')}
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className={`${pill} ${primary}`} onClick={submit} data-testid="sort-save">
        {t('circleAdminCircles.sort.save')}
      </button>
      {failure ? (
        <p className={message} role="alert">
          {failure}
        </p>
      ) : null}
      {saved ? (
        <p className={okMessage} role="status" data-testid="sort-saved">
          {t('circleAdminCircles.sort.saved')}
        </p>
      ) : null}
    </>
  )
}
