import type { ReactNode } from 'react'
import type { LayoutName } from './shell/layout'

/**
 * A route a feature folder contributes (ui/<feature>/routes.tsx); ui/app.tsx mounts them before
 * the placeholders and the 404. `render` gets the path parameters; pages inside are lazy.
 */
export interface RouteDef {
  path: string
  layout: LayoutName
  render: (params: Record<string, string | undefined>) => ReactNode
}
