/** Page numbers a pager shows: the first, the last, and up to `spread` either side of the current page; 0 marks a gap. */
export function pageWindow(page: number, count: number, spread = 2): number[] {
  const out: number[] = []
  for (let p = 1; p <= count; p++) {
    if (p === 1 || p === count || Math.abs(p - page) <= spread) out.push(p)
    else if (out[out.length - 1] !== 0) out.push(0)
  }
  return out
}
