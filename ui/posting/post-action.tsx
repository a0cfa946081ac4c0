// The header's post action (spec 000 §2): two choices, a discussion post (the dialog, loaded only
// when chosen) or a long article (the editor at /articleCreate/norpub.html). Small on purpose: the
// home page loads it.
import { lazy, Suspense, useCallback, useState } from 'react'
import { css } from '@linaria/core'
import { t } from '../i18n/i18n'
import { pill } from '../styles/buttons'
import { tokens } from '../styles/tokens'
import { cardLook } from '../styles/looks'

const DiscussionDialogHost = lazy(() => import('./discussion-dialog'))

const menu = css`
  position: relative;
  /* only the menu's own list: the dialog renders inside this box and has lists of its own */
  > ul {
    position: absolute;
    right: 0;
    top: 36px;
    margin: 0;
    padding: 6px 0;
    list-style: none;
    ${cardLook}
    box-shadow: 0 6px 24px ${tokens.shadow};
    min-width: 120px;
    z-index: 30;
  }
  > ul li a,
  > ul li button {
    display: block;
    width: 100%;
    text-align: left;
    padding: 8px 16px;
    border: 0;
    background: none;
    font-size: 14px;
    color: ${tokens.text};
    cursor: pointer;
  }
  > ul li a:hover,
  > ul li button:hover {
    background: ${tokens.bg};
    color: ${tokens.brand};
  }
`

export function PostAction() {
  const [open, setOpen] = useState(false)
  const [discussion, setDiscussion] = useState(false)
  const closed = useCallback(() => setDiscussion(false), [])
  return (
    <div className={menu}>
      <button type="button" className={pill} aria-expanded={open} aria-haspopup="menu" onClick={() => setOpen((o) => !o)} data-testid="post-action">
        {t('header.post')}
      </button>
      {open ? (
        <ul role="menu" onClick={() => setOpen(false)}>
          <li role="none">
            <button type="button" role="menuitem" onClick={() => setDiscussion(true)}>
              {t('header.postDiscussion')}
            </button>
          </li>
          <li role="none">
            <a role="menuitem" href="/articleCreate/norpub.html">
              {t('header.postArticle')}
            </a>
          </li>
        </ul>
      ) : null}
      {discussion ? (
        <Suspense fallback={null}>
          <DiscussionDialogHost onClosed={closed} />
        </Suspense>
      ) : null}
    </div>
  )
}
