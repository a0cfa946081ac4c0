// @vitest-environment jsdom
// idRoute: the page for a valid id, 404 for anything else; with a list path, no id goes back to the list.
import { Suspense } from 'react'
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderUi } from '../testing/render'
import { idRoute } from './id-route'

afterEach(cleanup)

const route = idRoute('/circle-admin/x/edit/:id?', 'id', (id) => <p data-testid="page">{`record ${id}`}</p>, '/circle-admin/x')
const show = (params: Record<string, string | undefined>) => renderUi(<Suspense fallback={null}>{route.render(params)}</Suspense>, { path: '/circle-admin/x/edit' })

describe('idRoute', () => {
  it('shows the page for a valid id, in the default layout', () => {
    show({ id: '42' })
    expect(screen.getByTestId('page').textContent).toBe('record 42')
    expect(route.layout).toBe('default')
  })

  it('answers 404 for an id that is not one', async () => {
    for (const id of ['abc', '0', '-3', '1.5']) {
      show({ id })
      expect(await screen.findByText('404')).toBeTruthy()
      expect(screen.queryByTestId('page')).toBeNull()
      cleanup()
    }
  })

  it('goes back to the list without an id', async () => {
    const { location } = show({})
    await waitFor(() => expect(location.history.at(-1)).toBe('/circle-admin/x'))
  })
})
