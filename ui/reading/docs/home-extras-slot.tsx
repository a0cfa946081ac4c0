// The slot of the home extras (banner, ad, recommended articles, hot topics, research reports):
// their code (ui/reading/docs/home-extras.tsx) loads only when this slot scrolls into view, so
// nothing of it is fetched for the first screen (home JS budget, spec perf goals).
import { lazy, Suspense, useEffect, useRef, useState } from 'react'

const HomeExtras = lazy(() => import('./home-extras'))
/** start loading a little before the slot is on screen */
export const EXTRAS_ROOT_MARGIN = '120px'

/** The page can scroll: then the extras wait for the reader's first scroll, even when the slot shows on a tall screen. */
const scrollable = () => document.documentElement.scrollHeight > window.innerHeight + 1

/** Loads when the slot is near the viewport and the reader has scrolled (or the page cannot scroll). */
export function HomeExtrasSlot() {
  const ref = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  const [scrolled, setScrolled] = useState(false)
  const visible = near && (scrolled || !scrollable())
  useEffect(() => {
    const el = ref.current
    if (visible || !el || typeof IntersectionObserver === 'undefined') return
    const io = new IntersectionObserver((entries) => setNear(entries.some((e) => e.isIntersecting)), { rootMargin: EXTRAS_ROOT_MARGIN })
    io.observe(el)
    const onScroll = () => {
      if (window.scrollY > 0) setScrolled(true)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      io.disconnect()
      window.removeEventListener('scroll', onScroll)
    }
  }, [visible])
  return (
    <div ref={ref} data-slot="home-extras" style={visible ? undefined : { minHeight: 400 }}>
      {visible ? (
        <Suspense fallback={null}>
          <HomeExtras />
        </Suspense>
      ) : null}
    </div>
  )
}
