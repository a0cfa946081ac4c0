// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../core/api/api-error'
import { fakeHttp, makeServices, page, renderUi } from '../testing/render'
import { SubjectStrip } from './subject-strip'

afterEach(cleanup)

const hit = { id: 3, title: '港股科技龙头', brief: '', coverUrl: '', isHot: true, followCount: 12_345, contentCount: 40 }

describe('SubjectStrip', () => {
  it('shows matching subjects linked to /subject/{id} with the keyword highlighted', async () => {
    const http = fakeHttp({ 'subjects.search': page([hit]) })
    renderUi(<SubjectStrip keyword="科技" />, { services: makeServices({ http }) })
    const link = await screen.findByRole('link', { name: /港股科技龙头/ })
    expect(link.getAttribute('href')).toBe('/subject/3')
    expect(link.querySelector('mark')?.textContent).toBe('科技')
    expect(screen.getByText(/1.23万 人关注/)).toBeTruthy()
    expect(http.callsTo('subjects.search')[0]!.input).toEqual({ query: { keyword: '科技', count: 4 } })
  })
  it('shows nothing when none matches or the call fails', async () => {
    for (const answer of [page([]), () => { throw new ApiError({ statusCode: 500, message: 'x' }) }]) {
      const http = fakeHttp({ 'subjects.search': answer })
      const { container } = renderUi(<SubjectStrip keyword="无" />, { services: makeServices({ http }) })
      await waitFor(() => expect(http.calls).toHaveLength(1))
      // the positive signal: the answer (or failure) has arrived and React has rendered what follows it
      await act(() => http.settled())
      expect(container.querySelector('nav')).toBeNull()
      cleanup()
    }
  })
})
