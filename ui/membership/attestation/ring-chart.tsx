// The asset-allocation ring (spec 001 §9: 'asset allocation pie with three colours, ring radius
// 40%-70%'). Hand-drawn SVG, not uPlot: uPlot draws x/y series (lines, bars, candles) on a canvas and
// has no pie or ring; three arcs are a few circles with stroke dashes, crisp at any size, and the
// numbers stay in the page as a table beside it for screen readers.
import { tokens } from '../../styles/tokens'

/** spec 001 §9: three colours */
export const RING_COLOURS = [tokens.brand, tokens.chartLine, tokens.chartAvg] as const
/** spec 001 §9: inner and outer radius, as shares of half the chart's side */
const INNER = 0.4
const OUTER = 0.7

export interface RingSlice {
  readonly name: string
  readonly proportion: number
}

/** Each slice's start and length as shares of the full turn (proportions normalised to their sum). */
export function ringSegments(slices: readonly RingSlice[]): { start: number; share: number }[] {
  const total = slices.reduce((s, x) => s + Math.max(0, x.proportion), 0)
  let start = 0
  return slices.map((x) => {
    const share = total > 0 ? Math.max(0, x.proportion) / total : 0
    const seg = { start, share }
    start += share
    return seg
  })
}

export function RingChart({ slices, size = 240, label }: { slices: readonly RingSlice[]; size?: number; label: string }) {
  const half = size / 2
  const r = (half * (INNER + OUTER)) / 2
  const width = half * (OUTER - INNER)
  const turn = 2 * Math.PI * r
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label}>
      <g transform={`rotate(-90 ${half} ${half})`}>
        {ringSegments(slices).map((seg, i) => (
          <circle
            key={slices[i]!.name}
            cx={half}
            cy={half}
            r={r}
            fill="none"
            stroke={RING_COLOURS[i % RING_COLOURS.length]}
            strokeWidth={width}
            strokeDasharray={`${seg.share * turn} ${turn}`}
            strokeDashoffset={-seg.start * turn}
            data-share={seg.share.toFixed(4)}
          />
        ))}
      </g>
    </svg>
  )
}
