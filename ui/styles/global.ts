import { css } from '@linaria/core'
import { priceColourRules, tokens } from './tokens'

// Global element styles (linaria :global). Page width 1200 px: spec 000 §9.
export const globals = css`
  :global() {
    *,
    *::before,
    *::after {
      box-sizing: border-box;
    }
    html {
      -webkit-text-size-adjust: 100%;
    }
    /* issue 24: the price colours, red up unless the reader chose green up (ui/styles/price-colours.ts) */
    ${priceColourRules()}
    body {
      margin: 0;
      font-family: ${tokens.font};
      font-size: 14px;
      line-height: 1.6;
      color: ${tokens.text};
      background: ${tokens.bg};
    }
    a {
      color: inherit;
      text-decoration: none;
    }
    a:hover {
      color: ${tokens.brand};
    }
    img {
      max-width: 100%;
    }
    button {
      font: inherit;
    }
    h1,
    h2,
    h3 {
      line-height: 1.35;
    }
    /* issue 16: a visible ring for keyboard focus on every control, from the focus token */
    :focus-visible {
      outline: 2px solid ${tokens.focus};
      outline-offset: 2px;
    }
    /* the targets of the skip link and of dialogs take focus by script, not as controls: no ring */
    [tabindex='-1']:focus:not(:focus-visible),
    main[tabindex='-1']:focus {
      outline: none;
    }
  }
`
