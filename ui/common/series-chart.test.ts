// The one line-chart wrapper's options: the right-hand axis only when a line asks for it, whole-number
// ticks on request, the caller's formats on the axes and in the legend.
import { describe, expect, it } from 'vitest'
import { seriesOptions, type SeriesChartSpec } from './series-chart'

const spec: SeriesChartSpec = {
  x: [0, 1, 2],
  lines: [{ label: 'a', values: [1, 2, 3], colour: '#f00' }],
  xName: '日期',
  xTick: (x) => (Number.isInteger(x) ? `d${x}` : ''),
}

describe('seriesOptions', () => {
  it('one left axis, the x ticks and legend from the caller', () => {
    const o = seriesOptions(spec, 500)
    expect(o.width).toBe(500)
    expect(o.height).toBe(280)
    expect(o.axes).toHaveLength(2)
    const ticks = o.axes![0]!.values as (u: unknown, t: number[]) => string[]
    expect(ticks(null, [0, 0.5, 2])).toEqual(['d0', '', 'd2'])
    const legend = o.series[0]!.value as (u: unknown, v: number | null) => string
    expect(legend(null, 1)).toBe('d1')
    expect(legend(null, null)).toBe('--')
    expect(o.series[1]).toMatchObject({ label: 'a', stroke: '#f00', width: 2 })
  })

  it('a right-hand axis for a line on the right; whole numbers; a format on axes and legend', () => {
    const o = seriesOptions({ ...spec, whole: true, format: (v) => `${v}%`, lines: [...spec.lines, { label: 'b', values: [4, 5, 6], colour: '#00f', right: true }] }, 500)
    expect(o.axes).toHaveLength(3)
    expect(o.axes![2]).toMatchObject({ scale: 'r', side: 1 })
    expect(o.axes![1]!.incrs).toContain(1)
    expect(o.axes![1]!.incrs).not.toContain(0.5)
    expect(o.series[2]).toMatchObject({ scale: 'r' })
    const value = o.series[1]!.value as (u: unknown, v: number | null) => string
    expect(value(null, 3)).toBe('3%')
  })
})
