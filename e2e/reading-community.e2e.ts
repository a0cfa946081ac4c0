// The community reading journey: /hotpost and a chart tab, a post, /topics/popular, a topic,
// /tags/{type}, /recommend-users (follow after login prompt), /tradeHeadlines and /official — a
// screenshot of each. spec 000 §2 content routes, §7 'Posts' and 'Community', §9 trending posts 10.
import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { shot, type RunningServer, visit, expectNoPageProblems } from './harness'
import { apiResult, journey, visibleOn } from './journey'

const UI_TIMEOUT = 20_000
let server: RunningServer
let page: Page

const api = <T>(path: string) => apiResult<T>(server, path)
const go = (path: string) => visit(page, server, path)
const visible = (locator: Locator, what: string) => visibleOn(page, locator, what, UI_TIMEOUT)
const expectNoProblems = (where: string) => expectNoPageProblems(page, where)
const main = () => page.getByRole('main')

journey((j) => ({ server, page } = j), { freshCookies: true, failureShots: 'community' })

interface Post { id: number; title: string; content: string; topic: { topicId: number; topicName: string } | null }

describe('community reading journey', () => {
  it('/hotpost shows the 24-hour chart; the 7-day tab shows that chart; a post opens', async () => {
    const day = await api<{ list: Post[] }>('/api/posts/chart?type=day')
    await go('/hotpost')
    await visible(main().getByRole('heading', { name: '热帖', level: 1 }), 'hotpost heading')
    await visible(main().getByTestId('post-card'), 'post cards')
    expect(await main().getByTestId('post-card').count()).toBeLessThanOrEqual(10)
    await visible(main().locator(`a[href="/community/post/${day.list[0]!.id}"]`), 'hottest post of the day')
    await visible(page.getByRole('link', { name: /^#.+#$/ }), 'hot topics panel')
    await shot(page, 'community-hotpost')
    expectNoProblems('/hotpost')

    const week = await api<{ list: Post[] }>('/api/posts/chart?type=week')
    await main().getByRole('link', { name: '7日热帖' }).click()
    await page.waitForURL((u) => u.pathname === '/hotpost/week')
    await visible(main().locator(`a[href="/community/post/${week.list[0]!.id}"]`), 'hottest post of the week')
    await main().getByRole('button', { name: '加载更多' }).click()
    await expect.poll(() => main().getByTestId('post-card').count(), { timeout: UI_TIMEOUT }).toBeGreaterThan(10)

    const post = week.list[0]!
    await main().locator(`a[href="/community/post/${post.id}"]`).first().click()
    await page.waitForURL((u) => u.pathname === `/community/post/${post.id}`)
    await visible(main().getByText(post.content.split('\n')[0]!, { exact: true }), 'post body')
    await visible(main().getByRole('heading', { name: '相关帖子' }), 'related posts')
    await shot(page, 'community-post')
    expectNoProblems('/community/post')
  })

  it('an unknown post says so', async () => {
    await go('/community/post/999999')
    await visible(main().getByText('帖子不存在或已删除'), 'not found text')
  })

  it('/topics/popular lists topics; a topic shows its posts', async () => {
    const hot = await api<Array<{ topicId: number; topicName: string }>>('/api/hot/topic/list/v1')
    await go('/topics/popular')
    await visible(main().getByRole('heading', { name: '全部话题' }), 'topics heading')
    const top = hot[0]!
    await visible(main().getByRole('link', { name: `#${top.topicName}#` }), 'top topic')
    await shot(page, 'community-topics')
    expectNoProblems('/topics/popular')

    await main().getByRole('link', { name: `#${top.topicName}#` }).first().click()
    await page.waitForURL((u) => u.pathname === `/community/topics/${top.topicId}`)
    await visible(main().getByRole('heading', { name: `#${top.topicName}#`, level: 1 }), 'topic heading')
    await visible(main().getByTestId('post-card'), 'topic posts')
    await shot(page, 'community-topic')
    expectNoProblems('/community/topics')
  })

  it('/tags/{type} shows the articles of a tag', async () => {
    const tags = await api<Array<{ tag: string; name: string }>>('/api/tags/all')
    const tag = tags[1] ?? tags[0]!
    const arts = await api<{ list: Array<{ title: string }> }>(`/api/tags/articles?tags=${encodeURIComponent(tag.tag)}`)
    await go(`/tags/${encodeURIComponent(tag.tag)}`)
    await visible(main().getByRole('heading', { name: `标签：${tag.name}` }), 'tag heading')
    await visible(main().getByText(arts.list[0]!.title, { exact: true }), 'first tagged article')
    await shot(page, 'community-tags')
    expectNoProblems('/tags')
  })

  it('/recommend-users: a guest who clicks follow gets the login dialog', async () => {
    await go('/recommend-users')
    await visible(main().getByTestId('recommended-user'), 'recommended users')
    await shot(page, 'community-recommend-users')
    expectNoProblems('/recommend-users')
    await main().getByTestId('follow-button').first().click()
    await visible(page.getByRole('dialog'), 'login dialog')
  })

  it('/tradeHeadlines and /official', async () => {
    await go('/tradeHeadlines')
    await visible(main().getByRole('heading', { name: '交易头条' }), 'headlines heading')
    await visible(main().getByText('快讯', { exact: true }), 'a flash headline')
    await shot(page, 'community-trade-headlines')
    expectNoProblems('/tradeHeadlines')

    await go('/official')
    await visible(main().getByRole('heading', { name: '官方账号' }), 'official heading')
    await visible(main().getByText(/港美汇/), 'an editorial author')
    await main().getByRole('tab', { name: '官方动态' }).click()
    await visible(main().getByTestId('post-card'), 'official posts')
    await shot(page, 'community-official')
    expectNoProblems('/official')
  })
})
