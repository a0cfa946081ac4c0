import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { CSSProperties } from 'react'
import { TEXT, type ChartEdge, type ChartLayout, type ChartNode } from './chart-layout'
import { fitView, focusView, panBy, zoomAt, ZOOM_STEP, type View } from './viewport'

export interface StateChartProps {
  readonly layout: ChartLayout
  /** State node ids (snapshot._nodes ids) to highlight. */
  readonly activeIds: ReadonlySet<string>
  /** Transition ids to draw as the ones that can be taken now (simulate mode). */
  readonly enabledEdgeIds?: ReadonlySet<string>
  /** Height of the chart's viewport (CSS). */
  readonly height?: string
  /** 'current': a new chart opens centred on the active states at a readable zoom; 'fit' (default): the whole chart. */
  readonly opensOn?: 'fit' | 'current'
}

const colors = {
  line: '#64748b',
  box: '#ffffff',
  region: '#f8fafc',
  text: '#0f172a',
  muted: '#475569',
  activeFill: '#fef3c7',
  activeStroke: '#d97706',
  edge: '#94a3b8',
  enabled: '#2563eb',
  canvas: '#f1f5f9',
}

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace'

const frame: CSSProperties = {
  position: 'relative',
  overflow: 'hidden',
  border: '1px solid #cbd5e1',
  borderRadius: 8,
  background: colors.canvas,
  touchAction: 'none',
  userSelect: 'none',
}
const tools: CSSProperties = { position: 'absolute', top: 8, right: 8, display: 'flex', gap: 4, zIndex: 1, padding: 4, borderRadius: 8, background: 'rgba(241, 245, 249, 0.9)' }
const toolBtn: CSSProperties = {
  minWidth: 30,
  height: 28,
  border: '1px solid #94a3b8',
  borderRadius: 6,
  background: '#fff',
  font: '13px system-ui, sans-serif',
  cursor: 'pointer',
}

function NodeBox({ node, active }: { node: ChartNode; active: boolean }) {
  const leaf = node.kind === 'atomic' || node.kind === 'final' || node.kind === 'history'
  const stroke = active ? colors.activeStroke : colors.line
  return (
    <g data-testid={`state:${node.path || '(root)'}`} data-active={active ? 'true' : 'false'} data-kind={node.kind}>
      <rect
        x={node.x}
        y={node.y}
        width={node.w}
        height={node.h}
        rx={leaf ? 8 : 10}
        // an active compound state is outlined only: filling it would paint half the chart
        fill={active && leaf ? colors.activeFill : node.region ? colors.region : colors.box}
        stroke={stroke}
        strokeWidth={active ? (leaf ? 2.5 : 2) : 1}
        strokeDasharray={node.region ? '5 4' : undefined}
      />
      {node.kind === 'final' && (
        <rect x={node.x + 3} y={node.y + 3} width={node.w - 6} height={node.h - 6} rx={6} fill="none" stroke={stroke} />
      )}
      <text
        x={leaf ? node.x + node.w / 2 : node.x + 10}
        y={leaf ? node.y + node.h / 2 + 4 : node.y + 18}
        textAnchor={leaf ? 'middle' : 'start'}
        fill={colors.text}
        fontWeight={leaf ? 400 : 600}
        fontSize={TEXT.stateSize}
      >
        {node.label}
      </text>
    </g>
  )
}

function EdgePath({ edge, enabled }: { edge: ChartEdge; enabled: boolean }) {
  return (
    <g data-testid={`edge:${edge.label}`} data-enabled={enabled ? 'true' : 'false'}>
      <title>{`${edge.source} → ${edge.target}: ${edge.label}`}</title>
      <path
        d={edge.d}
        fill="none"
        stroke={enabled ? colors.enabled : colors.edge}
        strokeWidth={enabled ? 2 : 1.2}
        markerEnd={`url(#dev-chart-arrow${enabled ? '-on' : ''})`}
      />
    </g>
  )
}

/** Drawn after every path, so no line runs over a label (ELK keeps labels clear of boxes and of each other). */
function EdgeLabel({ edge, enabled }: { edge: ChartEdge; enabled: boolean }) {
  return (
    <g data-testid={`label:${edge.label}`}>
      <rect x={edge.labelX} y={edge.labelY} width={edge.labelW} height={edge.labelH} rx={3} fill={colors.canvas} fillOpacity={0.92} />
      <text x={edge.labelX + 3} y={edge.labelY + TEXT.edgeLine - 2} fill={enabled ? colors.enabled : colors.muted} fontSize={TEXT.edgeSize}>
        {edge.lines.map((line, i) => (
          <tspan key={i} x={edge.labelX + 3} dy={i === 0 ? 0 : TEXT.edgeLine}>
            {line}
          </tspan>
        ))}
      </text>
    </g>
  )
}

/**
 * Boxes inside boxes with labelled arrows, as ELK laid them out; active states amber, the
 * transitions that can be taken now blue. Drag to pan, wheel or +/− to zoom, ⤢ to fit.
 */
export function StateChart({ layout, activeIds, enabledEdgeIds, height = '70vh', opensOn = 'fit' }: StateChartProps) {
  const frameRef = useRef<HTMLDivElement>(null)
  const [view, setView] = useState<View>({ x: 0, y: 0, k: 1 })
  const drag = useRef<{ id: number; x: number; y: number } | undefined>(undefined)
  const [dragging, setDragging] = useState(false)

  // the innermost active states, for "show current state"
  const activeLeaves = layout.nodes.filter((n) => n.depth > 0 && activeIds.has(n.id) && !layout.nodes.some((m) => m.depth > n.depth && activeIds.has(m.id) && m.id.startsWith(`${n.id}.`)))
  const leavesNow = useRef(activeLeaves)
  useEffect(() => {
    leavesNow.current = activeLeaves
  })

  /** Set once the user pans or zooms: a resize then keeps their view instead of fitting again. */
  const touched = useRef(false)
  const fit = useCallback(() => {
    const el = frameRef.current
    if (!el) return
    touched.current = false
    setView(fitView(layout, { width: el.clientWidth, height: el.clientHeight }))
  }, [layout])
  // a new chart opens on the current state (at a readable zoom) or fitted; a resize refits only an untouched view
  const open = useCallback(() => {
    const el = frameRef.current
    if (!el) return
    touched.current = false
    const size = { width: el.clientWidth, height: el.clientHeight }
    setView(opensOn === 'current' ? focusView(layout, leavesNow.current, size) : fitView(layout, size))
  }, [layout, opensOn])
  const move = (next: (v: View) => View) => {
    touched.current = true
    setView(next)
  }

  useLayoutEffect(open, [open])
  useEffect(() => {
    const el = frameRef.current
    if (!el || typeof ResizeObserver === 'undefined') return undefined
    let last = `${el.clientWidth}x${el.clientHeight}`
    const observer = new ResizeObserver(() => {
      const size = `${el.clientWidth}x${el.clientHeight}`
      if (size !== last) {
        last = size
        if (!touched.current) open()
      }
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [open])

  const focusActive = () => {
    const el = frameRef.current
    if (!el || activeLeaves.length === 0) return
    const x0 = Math.min(...activeLeaves.map((n) => n.x))
    const y0 = Math.min(...activeLeaves.map((n) => n.y))
    const x1 = Math.max(...activeLeaves.map((n) => n.x + n.w))
    const y1 = Math.max(...activeLeaves.map((n) => n.y + n.h))
    const k = Math.max(view.k, 1)
    move(() => ({ x: el.clientWidth / 2 - ((x0 + x1) / 2) * k, y: el.clientHeight / 2 - ((y0 + y1) / 2) * k, k }))
  }

  // the wheel zooms the chart, not the page: a non-passive listener may call preventDefault
  useEffect(() => {
    const el = frameRef.current
    if (!el) return undefined
    const onWheel = (e: WheelEvent) => {
      e.preventDefault()
      const r = el.getBoundingClientRect()
      const factor = e.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP
      touched.current = true
      setView((v) => zoomAt(v, factor, { x: e.clientX - r.left, y: e.clientY - r.top }))
    }
    el.addEventListener('wheel', onWheel, { passive: false })
    return () => el.removeEventListener('wheel', onWheel)
  }, [])

  const zoomCentre = (factor: number) => {
    const el = frameRef.current
    move((v) => zoomAt(v, factor, { x: (el?.clientWidth ?? 0) / 2, y: (el?.clientHeight ?? 0) / 2 }))
  }

  return (
    <div
      ref={frameRef}
      style={{ ...frame, height, cursor: dragging ? 'grabbing' : 'grab' }}
      data-testid="chart-viewport"
      data-zoom={view.k.toFixed(3)}
      onPointerDown={(e) => {
        if ((e.target as Element).closest('button')) return
        drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY }
        setDragging(true)
        e.currentTarget.setPointerCapture?.(e.pointerId)
      }}
      onPointerMove={(e) => {
        const d = drag.current
        if (!d || d.id !== e.pointerId) return
        const dx = e.clientX - d.x
        const dy = e.clientY - d.y
        drag.current = { id: d.id, x: e.clientX, y: e.clientY }
        move((v) => panBy(v, dx, dy))
      }}
      onPointerUp={() => {
        drag.current = undefined
        setDragging(false)
      }}
      onPointerCancel={() => {
        drag.current = undefined
        setDragging(false)
      }}
    >
      <div style={tools}>
        <button type="button" style={toolBtn} aria-label="zoom in" onClick={() => zoomCentre(ZOOM_STEP)}>
          +
        </button>
        <button type="button" style={toolBtn} aria-label="zoom out" onClick={() => zoomCentre(1 / ZOOM_STEP)}>
          −
        </button>
        <button type="button" style={toolBtn} aria-label="fit to screen" onClick={fit}>
          fit
        </button>
        <button type="button" style={toolBtn} aria-label="show current state" disabled={activeLeaves.length === 0} onClick={focusActive}>
          current
        </button>
        <span style={{ font: '12px system-ui', alignSelf: 'center', color: colors.muted, minWidth: 40, textAlign: 'right' }}>
          {Math.round(view.k * 100)}%
        </span>
      </div>
      <svg role="img" aria-label="state chart" width="100%" height="100%" style={{ display: 'block', fontFamily: MONO }}>
        <defs>
          <marker id="dev-chart-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill={colors.edge} />
          </marker>
          <marker id="dev-chart-arrow-start" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill={colors.text} />
          </marker>
          <marker id="dev-chart-arrow-on" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill={colors.enabled} />
          </marker>
        </defs>
        <g data-testid="chart-content" transform={`translate(${view.x} ${view.y}) scale(${view.k})`}>
          {layout.nodes.map((n) => (
            // the root is always active: highlighting it would only paint the whole chart
            <NodeBox key={n.id} node={n} active={n.depth > 0 && activeIds.has(n.id)} />
          ))}
          {layout.starts.map((st) => (
            <g key={st.parent} aria-hidden="true" data-testid={`start:${st.parent}`}>
              <circle cx={st.cx} cy={st.cy} r={5} fill={colors.text} />
              <path d={st.d} fill="none" stroke={colors.text} strokeWidth={1.2} markerEnd="url(#dev-chart-arrow-start)" />
            </g>
          ))}
          {layout.edges.map((e) => (
            <EdgePath key={e.id} edge={e} enabled={enabledEdgeIds?.has(e.id) ?? false} />
          ))}
          {layout.edges.map((e) => (
            <EdgeLabel key={e.id} edge={e} enabled={enabledEdgeIds?.has(e.id) ?? false} />
          ))}
        </g>
      </svg>
    </div>
  )
}
