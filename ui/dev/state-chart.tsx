import type { CSSProperties } from 'react'
import type { ChartLayout, ChartNode } from './chart-layout'

export interface StateChartProps {
  readonly layout: ChartLayout
  /** State node ids (snapshot._nodes ids) to highlight. */
  readonly activeIds: ReadonlySet<string>
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
}

const svgStyle: CSSProperties = { fontFamily: 'system-ui, sans-serif', fontSize: 12, background: '#f1f5f9' }

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
        fill={active ? colors.activeFill : node.region ? colors.region : colors.box}
        stroke={stroke}
        strokeWidth={active ? 2.5 : 1}
        strokeDasharray={node.region ? '5 4' : undefined}
      />
      {node.kind === 'final' && (
        <rect x={node.x + 3} y={node.y + 3} width={node.w - 6} height={node.h - 6} rx={6} fill="none" stroke={stroke} />
      )}
      <text
        x={leaf ? node.x + node.w / 2 : node.x + 10}
        y={leaf ? node.y + node.h / 2 + 4 : node.y + 15}
        textAnchor={leaf ? 'middle' : 'start'}
        fill={colors.text}
        fontWeight={leaf ? 400 : 600}
      >
        {node.kind === 'history' ? `H ${node.label}` : node.label}
        {node.kind === 'parallel' ? ' ∥' : ''}
      </text>
      {node.initial && (
        <g aria-hidden="true">
          <circle cx={node.x - 12} cy={node.y + Math.min(node.h / 2, 17)} r={4} fill={colors.text} />
          <line
            x1={node.x - 8}
            y1={node.y + Math.min(node.h / 2, 17)}
            x2={node.x - 1}
            y2={node.y + Math.min(node.h / 2, 17)}
            stroke={colors.text}
          />
        </g>
      )}
    </g>
  )
}

/** Boxes inside boxes with labelled arrows; active states drawn amber. */
export function StateChart({ layout, activeIds }: StateChartProps) {
  return (
    <svg
      role="img"
      aria-label="state chart"
      width={layout.width}
      height={layout.height}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      style={svgStyle}
    >
      <defs>
        <marker id="dev-chart-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" fill={colors.muted} />
        </marker>
      </defs>
      {layout.nodes.map((n) => (
        // the root is always active: highlighting it would only paint the whole chart
        <NodeBox key={n.id} node={n} active={n.depth > 0 && activeIds.has(n.id)} />
      ))}
      {layout.edges.map((e) => (
        <g key={e.id} data-testid={`edge:${e.label}`}>
          <path d={e.d} fill="none" stroke={colors.edge} strokeWidth={1.2} markerEnd="url(#dev-chart-arrow)" />
          <text
            x={e.labelX}
            y={e.labelY}
            textAnchor="middle"
            fill={colors.muted}
            fontSize={11}
            stroke="#f1f5f9"
            strokeWidth={3}
            paintOrder="stroke"
          >
            {e.label}
          </text>
        </g>
      ))}
    </svg>
  )
}
