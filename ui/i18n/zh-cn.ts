// Every user-visible string of the client, in simplified Chinese (zh-cn, the default script).
// zh-hk.ts is generated from this file: `npm run i18n:gen` (OpenCC Hong Kong + reviewed overrides).
import { accounts } from './zh-cn-accounts'
import { reading } from './zh-cn-reading'
import { market } from './zh-cn-market'
import { columns } from './zh-cn-columns'
import { community } from './zh-cn-community'
import { docs } from './zh-cn-docs'
import { messages, posting } from './zh-cn-posting'
import { membership } from './zh-cn-membership'
import { chat } from './zh-cn-chat'
import { portfolio } from './zh-cn-portfolio'
import { attestation, memberArea } from './zh-cn-attestation'
import { order } from './zh-cn-order'
import { user } from './zh-cn-user'

export const zhCn = {
  accounts,
  reading,
  market,
  columns,
  community,
  docs,
  posting,
  membership,
  chat,
  messages,
  portfolio,
  attestation,
  memberArea,
  order,
  user,
  site: {
    name: '港美汇',
    /** the one-character logo mark */
    mark: '港',
    slogan: '港股美股资讯与投资者社区',
    title: '港美汇 - 港股美股资讯与投资者社区',
  },
  nav: {
    home: '首页',
    hotpost: '热帖',
    live: '快讯',
    news: '新闻',
    depthRss: '深度',
    subject: '专题',
    column: '专栏',
    market: '行情',
    chiefCircle: '会员圈',
    data: '数据',
    member: '会员',
    mainLabel: '主导航',
    skipToContent: '跳到主要内容',
  },
  header: {
    signIn: '登录/注册',
    post: '发布',
    postDiscussion: '发讨论',
    postArticle: '写长文',
    notifications: '消息通知',
    notificationsUnread: '{{count}} 条未读消息',
    avatar: '我的',
    langToggle: '繁',
    langToggleLabel: '切换到繁体中文',
    searchPlaceholder: '搜索股票/文章/快讯',
    searchButton: '搜索',
  },
  footer: {
    about: '关于我们',
    contact: '联系我们',
    terms: '用户协议',
    privacy: '隐私政策',
    disclaimer: '免责声明',
    risk: '投资有风险，入市需谨慎。本站内容仅供参考，不构成投资建议。',
    copyright: '© {{year}} 港美汇 版权所有',
  },
  common: {
    loading: '加载中…',
    loadMore: '加载更多',
    noMore: '没有更多了',
    empty: '暂无内容',
    retry: '重试',
    loadFailed: '加载失败',
    backHome: '返回首页',
    readCount: '{{n}} 阅读',
    source: '来源：{{source}}',
    related: '相关阅读',
    important: '重要',
    vip: 'VIP',
    previous: '上一条',
    next: '下一条',
    relatedStocks: '相关股票',
    tags: '标签',
  },
  home: {
    recommend: '推荐',
    liveTitle: '7×24 快讯',
    moreLive: '查看更多快讯',
    feedLabel: '文章列表',
  },
  news: {
    title: '新闻',
    all: '全部',
    notFound: '文章不存在或已删除',
    pageTitle: '{{title}} - 港美汇',
    breadcrumb: '新闻',
  },
  live: {
    title: '7×24 快讯',
    all: '全部',
    important: '只看重要',
    newCount: '有 {{count}} 条新快讯',
    notFound: '快讯不存在或已删除',
    detailTitle: '快讯详情',
  },
  errors: {
    notFoundTitle: '页面不存在',
    notFoundText: '您访问的页面不存在或已被删除。',
    forbiddenTitle: '请先登录',
    forbiddenText: '可能的原因：',
    forbiddenReasons: {
      busy: '系统繁忙',
      network: '网络故障',
      notLoggedIn: '未登录',
    },
    errorTitle: '页面出错了',
    errorText: '抱歉，页面加载时出现了问题。',
    refresh: '请刷新重试',
    errorPageFailed: '错误页面本身也出现了问题',
    details: '详细信息',
  },
  soon: {
    title: '栏目建设中',
    text: '“{{name}}”栏目即将上线，敬请期待。',
  },
} as const

type DeepStrings<T> = { readonly [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> }
export type Resources = DeepStrings<typeof zhCn>
