// No unstyled native controls (design.md 'Views'; issue 25): on the page as the reader sees it, no visible
// button, select or file input keeps the browser's default look. What "default" means is read from the
// browser itself: a blank frame's own <button> and <select> give the user-agent styles (buttonface
// background, 2px outset border; the select's grey 1px border), so the check does not guess Chromium's
// numbers. A control is unstyled when
//   - a button (or input type button/submit/reset) has the default background, or an outset/inset border;
//   - a select keeps the default border (colour, width, style) and corner radius, or the buttonface background;
//   - a file input is visible at all (the "Choose File" button the browser draws, in its own language).
import type { Page } from 'playwright-core'

export interface NativeControl {
  /** a short description of the element: tag, test id or text */
  what: string
  /** why it counts as the browser's default look */
  why: string
}

export async function nativeControls(page: Page): Promise<NativeControl[]> {
  return page.evaluate(() => {
    // the user agent's own look, from a frame with no style sheet of ours
    const frame = document.createElement('iframe')
    frame.setAttribute('aria-hidden', 'true')
    frame.style.cssText = 'position:absolute;left:-9999px;top:0;width:300px;height:100px;border:0'
    document.body.append(frame) // about:blank, there at once (and never refused by the page's CSP)
    const doc = frame.contentDocument!
    doc.body.innerHTML = '<button>x</button><select><option>x</option></select>'
    const view = frame.contentWindow!
    const uaButton = view.getComputedStyle(doc.querySelector('button')!)
    const uaSelect = view.getComputedStyle(doc.querySelector('select')!)
    const ua = {
      buttonBg: uaButton.backgroundColor,
      selectBorder: `${uaSelect.borderTopWidth} ${uaSelect.borderTopStyle} ${uaSelect.borderTopColor}`,
      selectRadius: uaSelect.borderTopLeftRadius,
    }
    frame.remove()

    const shown = (el: Element): boolean => {
      const r = el.getBoundingClientRect()
      if (r.width <= 1 || r.height <= 1) return false
      for (let e: Element | null = el; e; e = e.parentElement) {
        const s = getComputedStyle(e)
        if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) <= 0.01) return false
        if (s.clip === 'rect(0px, 0px, 0px, 0px)' || s.clipPath === 'inset(50%)') return false
      }
      return true
    }
    const describe = (el: Element): string => {
      const id = el.getAttribute('data-testid')
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 24)
      const type = el.getAttribute('type')
      return `<${el.tagName.toLowerCase()}${type ? ` type=${type}` : ''}>${id ? ` [${id}]` : ''}${text ? ` “${text}”` : ''}`
    }

    const out: { what: string; why: string }[] = []
    for (const el of document.querySelectorAll('button, select, input[type=file], input[type=button], input[type=submit], input[type=reset]')) {
      if (!shown(el)) continue
      const s = getComputedStyle(el)
      const why: string[] = []
      if (el.matches('input[type=file]')) why.push('a file input the browser draws (its own “Choose File” button)')
      else if (el.tagName === 'SELECT') {
        const border = `${s.borderTopWidth} ${s.borderTopStyle} ${s.borderTopColor}`
        if (border === ua.selectBorder && s.borderTopLeftRadius === ua.selectRadius) why.push(`the default select border (${border}, square corners)`)
        // a select given only a border still paints the browser's grey buttonface behind its text
        if (s.backgroundColor === ua.buttonBg) why.push(`the default buttonface background (${s.backgroundColor})`)
      } else {
        if (s.backgroundColor === ua.buttonBg) why.push(`the default buttonface background (${s.backgroundColor})`)
        if (s.borderTopStyle === 'outset' || s.borderTopStyle === 'inset') why.push(`the default ${s.borderTopWidth} ${s.borderTopStyle} border`)
      }
      if (why.length > 0) out.push({ what: describe(el), why: why.join('; ') })
    }
    return out
  })
}

/** One line per control, for a test's failure message. */
export const describeNativeControls = (where: string, list: readonly NativeControl[]): string => list.map((c) => `${where}: ${c.what} — ${c.why}`).join('\n')
