// The console's routes whose address names a record by id (an edit form, a sort page): one rule for all.
import { lazy, type ReactNode } from 'react'
import { Redirect } from 'wouter'
import type { RouteDef } from '../route-def'
import { parseRouteId } from '../../core/validation/route-id'

const NotFoundPage = lazy(() => import('../common/status-pages').then((m) => ({ default: m.NotFoundPage })))

/**
 * A console route whose `:param` is an id: the page for a valid id, 404 for anything else. With
 * `listPath` the parameter is optional (spec 001 §2 edit/{id?}): without one there is nothing to edit,
 * and the address goes back to the list.
 */
export function idRoute(path: string, param: string, page: (id: number) => ReactNode, listPath?: string): RouteDef {
  return {
    path,
    layout: 'default',
    render: (p) => {
      if (listPath !== undefined && p[param] === undefined) return <Redirect to={listPath} replace />
      const id = parseRouteId(p[param])
      return id === null ? <NotFoundPage /> : page(id)
    },
  }
}
