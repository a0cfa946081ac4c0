// issue 24: a deployment without a market feed runs on simulated prices only when its operator declares
// a demo (MARKET_DEMO=1); the site config then says so and every page shows it above the header.
import { css } from '@linaria/core'
import { useServices } from '../services'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'

const banner = css`
  margin: 0;
  padding: 6px 16px;
  background: ${tokens.warnBg};
  color: ${tokens.warn};
  font-size: 13px;
  line-height: 20px;
  text-align: center;
`

export function DemoBanner() {
  const config = useServices().config
  if (!config?.simulatedPrices) return null
  return (
    <p role="note" className={banner} data-testid="simulated-prices">
      {t('nav.simulatedPrices')}
    </p>
  )
}
