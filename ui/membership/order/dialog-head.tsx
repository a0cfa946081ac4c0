// The order dialog's head (spec 001 §2 'Order dialog'): a title, a back arrow where the page has one, and
// the close icon. A file of its own so the dialog and its pages import it without importing each other.
import { t } from '../../i18n/i18n'
import { backButton, closeButton, head } from './styles'
import '../../i18n/texts/order'

/** The dialog's head: a title, a back arrow where the page has one, and the close icon. */
export function DialogHead({ title, onBack, onClose }: { title: string; onBack?: () => void; onClose: () => void }) {
  return (
    <div className={head}>
      {onBack ? (
        <button type="button" className={backButton} onClick={onBack} aria-label={t('order.back')} data-testid="order-back">
          ‹
        </button>
      ) : null}
      <h2 id="order-dialog-title">{title}</h2>
      <button type="button" className={closeButton} onClick={onClose} aria-label={t('order.close')} data-testid="order-close">
        ×
      </button>
    </div>
  )
}
