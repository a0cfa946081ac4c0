/** Pan and zoom of the state chart: a translation and a scale, pure maths (tested apart). */
export interface View {
  readonly x: number
  readonly y: number
  readonly k: number
}

export const MIN_ZOOM = 0.1
export const MAX_ZOOM = 4
/** One press of + or −, and one wheel notch. */
export const ZOOM_STEP = 1.25

const clampK = (k: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k))

/** The whole chart inside the viewport, centred, never enlarged beyond 100 %. */
export function fitView(content: { width: number; height: number }, viewport: { width: number; height: number }, pad = 16): View {
  if (content.width <= 0 || content.height <= 0 || viewport.width <= 0 || viewport.height <= 0) return { x: 0, y: 0, k: 1 }
  const k = clampK(Math.min(1, (viewport.width - pad * 2) / content.width, (viewport.height - pad * 2) / content.height))
  return { x: (viewport.width - content.width * k) / 2, y: (viewport.height - content.height * k) / 2, k }
}

/** Zooms by `factor` keeping the chart point under `at` (viewport pixels) where it is. */
export function zoomAt(view: View, factor: number, at: { x: number; y: number }): View {
  const k = clampK(view.k * factor)
  const ratio = k / view.k
  return { x: at.x - (at.x - view.x) * ratio, y: at.y - (at.y - view.y) * ratio, k }
}

export function panBy(view: View, dx: number, dy: number): View {
  return { ...view, x: view.x + dx, y: view.y + dy }
}

/** The zoom below which a chart's 12 px labels are too small to read. */
export const READABLE_ZOOM = 0.85

/**
 * The view that opens on the current state: the boxes (the active states) centred, at the fitted
 * zoom when that is readable, else at READABLE_ZOOM (the rest of the chart is a drag away).
 */
export function focusView(
  content: { width: number; height: number },
  boxes: ReadonlyArray<{ x: number; y: number; w: number; h: number }>,
  viewport: { width: number; height: number },
): View {
  const fitted = fitView(content, viewport)
  if (boxes.length === 0 || fitted.k >= READABLE_ZOOM) return fitted
  const x0 = Math.min(...boxes.map((b) => b.x))
  const y0 = Math.min(...boxes.map((b) => b.y))
  const x1 = Math.max(...boxes.map((b) => b.x + b.w))
  const y1 = Math.max(...boxes.map((b) => b.y + b.h))
  const k = READABLE_ZOOM
  return { x: viewport.width / 2 - ((x0 + x1) / 2) * k, y: viewport.height / 2 - ((y0 + y1) / 2) * k, k }
}
