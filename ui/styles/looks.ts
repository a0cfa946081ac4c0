// The looks the site's buttons and controls share, as pieces of CSS for linaria to put inside a rule
// (evaluated at build time, like the tokens): each place keeps its own size, padding and font and takes
// the outline, the rounding and the colours from here, so a pill, a chip, a field and a toggle that
// look alike are drawn by the same lines.
import { tokens } from './tokens'

/** The quiet look: the site's thin grey outline on the card's white, rounded by `radius`, in `ink` (the secondary text by default). */
export const outlineLook = (radius: string, ink: string = tokens.textSecondary) => `
  border: 1px solid ${tokens.border};
  border-radius: ${radius};
  background: ${tokens.card};
  color: ${ink};
`

/** The brand's outline and text on the card's white (a secondary action that still calls: retry, edit). */
export const brandOutlineLook = (radius: string) => `
  border: 1px solid ${tokens.brand};
  border-radius: ${radius};
  background: ${tokens.card};
  color: ${tokens.brand};
`

/** Filled with the brand, its outline the same colour (a main action; a follow or watch not yet taken). */
export const brandLook = (radius: string) => `
  border: 1px solid ${tokens.brand};
  border-radius: ${radius};
  background: ${tokens.brand};
  color: ${tokens.onBrand};
`

/** A tag beside a name or a title (a role, a circle's type, 重要, a guest): text on a tinted ground, slightly rounded. */
export const tagLook = (background: string, ink: string) => `
  padding: 0 6px;
  border-radius: 4px;
  background: ${background};
  color: ${ink};
`

/** The tag in 12 px text, on a line of `lineHeight`. */
export const smallTagLook = (background: string, ink: string, lineHeight = '18px') => `
  ${tagLook(background, ink)}
  font-size: 12px;
  line-height: ${lineHeight};
`

/** Text cut to `lines` lines with an ellipsis (a card's brief, a list's summary). */
export const clampLines = (lines: number) => `
  display: -webkit-box;
  -webkit-line-clamp: ${lines};
  -webkit-box-orient: vertical;
  overflow: hidden;
`

/** The frame of the site's cards and panels: the thin grey border, rounded by the site's radius. */
export const frameLook = `
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radius};
`

/** A card: the frame on the card's white. */
export const cardLook = `
  background: ${tokens.card};
  ${frameLook}
`

/** A list drawn without bullets or indent (the rows, chips and cards of a list of things). */
export const plainListLook = `
  margin: 0;
  padding: 0;
  list-style: none;
`

/** A dialog's panel: `width` wide but never wider than the window less a margin, on the card's white, rounded. */
export const dialogLook = (width: number) => `
  box-sizing: border-box;
  width: ${width}px;
  max-width: calc(100vw - 24px);
  background: ${tokens.card};
  border-radius: ${tokens.radius};
`

/** A button filled with `background` (the brand's by default), white text, no outline, rounded by `radius`. */
export const filledLook = (radius: string, background: string = tokens.brand) => `
  border: 0;
  border-radius: ${radius};
  background: ${background};
  color: ${tokens.onBrand};
`
