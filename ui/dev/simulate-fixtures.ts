/**
 * Starting inputs and event payloads for simulate mode, per machine id — the same sample data
 * the machines' model tests (core/**\/*.machine.test.ts) drive them with, so a product owner
 * can click through a flow without typing JSON. A machine missing here starts with no input
 * (the input box on the page takes any JSON), and its events are sent bare (`{ type }`).
 * Wrong or stale data here cannot break a machine: at worst a button is shown as not enabled.
 */
import type { EventObject } from 'xstate'
import type { EventVariant } from './simulate'
import { sampleComment, sampleRoom, SAMPLE_NOW_MS } from '../../core/live/viewer-samples'
import type { RoomGate } from '../../core/live/viewer-status'
import { coupon, goods, infoPlain, infoSigned, notCertified, questionSet, realNameForm, riskExpired, riskValid } from '../../core/testing/order-samples'

export interface SimFixture {
  /** The machine's `input`; JSON-like except where a function is part of the input. */
  readonly input?: unknown
  /** Payload variants by event type; each becomes a button of its own. */
  readonly variants?: Readonly<Record<string, readonly EventVariant[]>>
}

/** An event with its payload (a fixture, so loosely typed). */
type Payload = EventObject & Record<string, unknown>

function variants(list: ReadonlyArray<readonly [name: string, event: Payload]>): Record<string, EventVariant[]> {
  const out: Record<string, EventVariant[]> = {}
  for (const [name, event] of list) (out[event.type] ??= []).push({ name, event })
  return out
}

const qualified = { certification: true, svipInvestor: true }
const unqualified = { certification: true, svipInvestor: false }
const fail = (message: string) => ({ statusCode: 500, message })

/** a live room with a status code of spec 001 §3, booked for two minutes after the pinned clock */
const liveRoom = (statusCode: number, gate: RoomGate = 'open') => ({ ...sampleRoom(statusCode), gate })
const liveComment = (commentId: number, content: string) => sampleComment(commentId, content, commentId === 2 ? 'OWNER' : null)

const order = { id: 'O-1', amount: 9_900, data: { codeUrl: 'weixin://wxpay/1' }, subject: '黑金会员' }
const orderRequest = { goodsId: 11, channel: 'wx_pub_qr', publicKey: 'pk', userToken: 'tk' }

export const simFixtures: Readonly<Record<string, SimFixture>> = {
  attestation: {
    input: { step: 0, kyc: notCertified, nowMs: 1_795_000_000_000 },
    variants: variants([
      ['certified, valid test', { type: 'xstate.done.actor.loadStatus', output: { realNameStatus: 1, riskResult: riskValid } }],
      ['certified, test expired', { type: 'xstate.done.actor.loadStatus', output: { realNameStatus: 1, riskResult: riskExpired } }],
      ['real name in review', { type: 'xstate.done.actor.loadStatus', output: { realNameStatus: 2, riskResult: null } }],
      ['nothing done yet', { type: 'xstate.done.actor.loadStatus', output: { realNameStatus: 0, riskResult: null } }],
      ['network error', { type: 'xstate.error.actor.loadStatus', error: fail('网络异常') }],
      ['agreed', { type: 'realName.submit', form: realNameForm, agree: true }],
      ['not agreed', { type: 'realName.submit', form: realNameForm, agree: false }],
      ['passed', { type: 'xstate.done.actor.submitRealName', output: { result: 'passed', message: '' } }],
      ['processing', { type: 'xstate.done.actor.submitRealName', output: { result: 'processing', message: '' } }],
      ['failed', { type: 'xstate.done.actor.submitRealName', output: { result: 'failed', message: '身份信息不一致' } }],
      ['server busy', { type: 'xstate.error.actor.submitRealName', error: fail('服务繁忙') }],
      ['two questions', { type: 'xstate.done.actor.loadQuestions', output: questionSet }],
      ['no questions', { type: 'xstate.done.actor.loadQuestions', output: { ...questionSet, questions: [] } }],
      ['network error', { type: 'xstate.error.actor.loadQuestions', error: fail('网络异常') }],
      ['18-30', { type: 'answer.choose', optionId: 70 }],
      ['31-50', { type: 'answer.choose', optionId: 71 }],
      ['无', { type: 'answer.choose', optionId: 80 }],
      ['C3, valid', { type: 'xstate.done.actor.submitAnswers', output: riskValid }],
      ['failed', { type: 'xstate.error.actor.submitAnswers', error: fail('提交失败') }],
    ]),
  },
  orderDialog: {
    variants: variants([
      ['qualified investor', { type: 'dialog.open', goods, specsId: 11, kyc: qualified, coin: 0, nowMs: 1_795_000_000_000 }],
      ['not yet qualified', { type: 'dialog.open', goods, specsId: 11, kyc: unqualified, coin: 0, nowMs: 1_795_000_000_000 }],
      ['with agreements', { type: 'xstate.done.actor.fetchPayment', output: infoSigned }],
      ['no agreements, coins enough', { type: 'xstate.done.actor.fetchPayment', output: infoPlain }],
      ['商品已下架', { type: 'xstate.error.actor.fetchPayment', error: fail('商品已下架') }],
      ['', { type: 'xstate.done.actor.fetchGoods', output: goods }],
      ['', { type: 'xstate.done.actor.fetchCoupons', output: [coupon(7)] }],
      ['年卡', { type: 'good.choose', specsId: 12 }],
      ['membership add-on', { type: 'member.choose', specsId: 5 }],
      ['券4', { type: 'coupon.choose', couponId: 4 }],
      ['gurucoin', { type: 'paymethod.choose', paymethod: 'gurucoin' }],
      ['WeChat', { type: 'paymethod.choose', paymethod: 'wechat' }],
      ['risk statement', { type: 'stack.open', page: 'riskLevelStatement' }],
      ['risk disclosure', { type: 'stack.open', page: 'riskDisclosure' }],
      [
        'risk mismatch',
        {
          type: 'xstate.done.actor.fetchConfirmation',
          output: {
            userInfo: { realName: '张三' },
            commodity: { name: '黑金会员' },
            riskVO: { result: 'C3', productRiskLevel: 'R3', isMatch: false },
            companyInfo: { companyName: '某某投资顾问' },
            agreements: [{ id: 1, title: '服务协议' }],
          },
        },
      ],
      ['服务协议', { type: 'agreement.read', id: 1 }],
      ['', { type: 'xstate.done.actor.signAgreements', output: null }],
      ['签署失败', { type: 'xstate.error.actor.signAgreements', error: fail('签署失败') }],
      ['order O-1', { type: 'xstate.done.actor.createOrder', output: order }],
      ['no order number', { type: 'xstate.done.actor.createOrder', output: { ...order, id: '' } }],
      ['phone not bound (1012)', { type: 'xstate.error.actor.createOrder', error: { statusCode: 1012, message: '需绑定', result: { nick: '微信用户' } } }],
      ['库存不足', { type: 'xstate.error.actor.createOrder', error: fail('库存不足') }],
      ['', { type: 'xstate.done.actor.guruPay', output: null }],
      ['', { type: 'xstate.done.actor.qrPayment', output: { order } }],
      ['', { type: 'xstate.done.actor.loadSuccessInfo', output: { assistantQrCodeUrl: 'u', name: '小助手', returnRoute: '/member' } }],
      [
        '',
        {
          type: 'address.submit',
          address: { name: '张三', countryCode: '86', phoneNum: '13800000000', country: '中国', state: '广东省', city: '深圳市', address: '科技园1号' },
        },
      ],
      ['', { type: 'xstate.done.actor.saveAddress', output: null }],
      ['now qualified', { type: 'xstate.done.actor.attestation', output: { resultId: 42, kyc: qualified } }],
      ['now qualified', { type: 'kyc.change', kyc: qualified }],
      ['', { type: 'xstate.done.actor.loadAssetAllocation', output: { configurations: [{ name: '股票', proportion: 40 }] } }],
    ]),
  },
  qrPayment: {
    input: { order, request: orderRequest },
    variants: variants([
      ['paid', { type: 'xstate.done.actor.pollPayment', output: 'success' }],
      ['not yet', { type: 'xstate.done.actor.pollPayment', output: 'pending' }],
    ]),
  },
  recharge: {
    input: { coin: 5_000, lacking: 14_900 },
    variants: variants([
      ['two amounts', { type: 'xstate.done.actor.loadOptions', output: [10_000, 50_000].map((price, i) => ({ specsId: 401 + i, name: `${price / 100} 格隆贝`, price, currentPriceText: `¥${(price / 100).toFixed(2)}`, coupons: [] })) }],
      ['none on sale', { type: 'xstate.done.actor.loadOptions', output: [] }],
      ['network error', { type: 'xstate.error.actor.loadOptions', error: fail('网络异常') }],
      ['500 格隆贝', { type: 'recharge.choose', specsId: 402 }],
      ['', { type: 'xstate.done.actor.createRecharge', output: { order: { ...order, id: 'R-1', subject: '500 格隆贝' }, request: orderRequest } }],
      ['', { type: 'xstate.done.actor.loadBalance', output: 55_000 }],
    ]),
  },
  share: {
    input: { source: 'post', id: 12 },
    variants: variants([
      ['signed in', { type: 'xstate.done.actor.requireLogin', output: true }],
      ['dialog closed', { type: 'xstate.done.actor.requireLogin', output: false }],
      ['', { type: 'xstate.done.actor.createShare', output: { code: 'aB3dE9', title: '腾讯控股的三季度' } }],
      ['failed', { type: 'xstate.error.actor.createShare', error: fail('操作太频繁') }],
    ]),
  },
  bindMerge: { input: { bindInfo: { nick: '微信用户', avatar: 'https://example.com/a.png' } } },
  wechatReturn: { input: { wxcode: 'wx1', isLoggedIn: false } },
  chatLifecycle: { input: { user: { nick: '价值投资者', avatar: '' }, defaultAvatar: '/images/chat/default-avatar.png' } },
  langToggle: { input: { current: 'zh-cn' } },
  chartPeriod: { input: {} },
  searchBox: { input: { history: ['小米'], trendingSearchKeywords: '英伟达,特斯拉' } },
  session: {
    variants: variants([
      ['', { type: 'login.done', info: { id: 7, nick: '老股民', avatar: '', kyc: { certification: true, svipInvestor: false }, membership: null, account: { coin: 120 } } }],
      ['follow user 3', { type: 'follow.change', set: 'users', id: 3, on: true }],
      ['', { type: 'xstate.done.actor.loadFollows', output: [11, 12] }],
      ['', { type: 'xstate.done.actor.loadSubjectFollows', output: [21] }],
      ['', { type: 'xstate.done.actor.loadStockFollows', output: ['HK00700'] }],
      ['attestation passed', { type: 'kyc.changed', kyc: { certification: true } }],
      ['topped up', { type: 'coin.changed', coin: 600 }],
    ]),
  },
  wechatQr: {
    variants: variants([
      ['local code', { type: 'xstate.done.actor.createQr', output: { state: 'a'.repeat(32), url: 'http://127.0.0.1:3000/wechat/scan', expireSeconds: 300 } }],
      ["WeChat's page", { type: 'xstate.done.actor.createQr', output: { state: 'c'.repeat(32), url: 'https://open.weixin.qq.com/connect/qrconnect', expireSeconds: 300 } }],
      ['waiting', { type: 'xstate.done.actor.checkStatus', output: { status: 'waiting', code: null } }],
      ['confirmed', { type: 'xstate.done.actor.checkStatus', output: { status: 'confirmed', code: 'wx1' } }],
      ['expired', { type: 'xstate.done.actor.checkStatus', output: { status: 'expired', code: null } }],
    ]),
  },
  portfolioRename: {
    input: { portfolioCode: '80', name: '港股核心' },
    variants: variants([
      ['open', { type: 'rename.open' }],
      ['new name', { type: 'name.change', name: '港股成长' }],
    ]),
  },
  portfolioEditForm: {
    input: { mode: 'create', market: 'hk' },
    variants: variants([
      ['empty form', { type: 'xstate.done.actor.loadConfig', output: { name: '', market: 'hk', rows: [] } }],
      ['copied allocation', { type: 'xstate.done.actor.loadConfig', output: { name: '港股核心', market: 'hk', rows: [{ stockId: 'HK00700', name: '腾讯控股', weight: 40 }, { stockId: 'HK09988', name: '阿里巴巴-W', weight: 30 }] } }],
      ['network error', { type: 'xstate.error.actor.loadConfig', error: fail('网络异常') }],
      ['name', { type: 'name.change', name: '港股核心' }],
      ['腾讯控股', { type: 'stock.add', stockId: 'HK00700', name: '腾讯控股' }],
      ['40 %', { type: 'weight.change', stockId: 'HK00700', weight: 40 }],
      ['', { type: 'xstate.done.actor.loadPreview', output: { items: [{ stockCode: 'HK00700', name: '腾讯控股', fromWeight: 0, toWeight: 40, price: 380.2 }], cashWeight: 60 } }],
      ['', { type: 'xstate.done.actor.save', output: '81' }],
      ['failed', { type: 'xstate.error.actor.save', error: fail('组合名称已存在') }],
    ]),
  },
  // a group conversation of the reader 1 (core/chat/conversation.machine.ts)
  conversation: {
    input: { conversationId: 'GROUP1', me: '1', chatroom: false },
  },
  groupMembers: {
    input: { groupId: 'GROUP1', me: '1' },
  },
  // back from WeCom's QR page with a one-time code (core/wecom/wecom-sign-in.machine.ts)
  wecomSignIn: {
    input: { code: 'ww-code', kind: 'sso' },
  },
  // the creator certification's audit flow from its index page (core/certification/audit.machine.ts)
  audit: { input: { start: 'index' } },
  // a moment in circle 3 (core/posting/circle-post-box.machine.ts)
  circlePostBox: { input: { momentId: 3, what: { kind: 'moment' } } },
  debouncedKeyword: { input: { keyword: '港股' } },
  courseProgress: { input: { courseId: 5 } },
  // a booked live room of the pinned clock's day, two minutes before its start (core/live/viewer.machine.ts)
  liveViewer: {
    input: { loaded: { room: liveRoom(1), nowMs: SAMPLE_NOW_MS }, sessionId: 'page-session-1' },
    variants: variants([
      ['live', { type: 'xstate.done.actor.refresh', output: { room: liveRoom(2), nowMs: 1_795_000_005_000 } }],
      ['paused', { type: 'xstate.done.actor.refresh', output: { room: liveRoom(7), nowMs: 1_795_000_010_000 } }],
      ['playback generating', { type: 'xstate.done.actor.refresh', output: { room: liveRoom(5), nowMs: 1_795_000_015_000 } }],
      ['playback', { type: 'xstate.done.actor.refresh', output: { room: liveRoom(3), nowMs: 1_795_000_020_000 } }],
      ['no playback', { type: 'xstate.done.actor.refresh', output: { room: liveRoom(4), nowMs: 1_795_000_020_000 } }],
      ['deleted', { type: 'xstate.done.actor.refresh', output: { room: liveRoom(6), nowMs: 1_795_000_020_000 } }],
      ['members only', { type: 'xstate.done.actor.refresh', output: { room: liveRoom(2, 'members'), nowMs: 1_795_000_020_000 } }],
      ['invite code', { type: 'xstate.done.actor.refresh', output: { room: liveRoom(1, 'inviteCode'), nowMs: 1_795_000_020_000 } }],
      ['live', { type: 'xstate.done.actor.reload', output: { room: liveRoom(2), nowMs: 1_795_000_030_000 } }],
      ['network error', { type: 'xstate.error.actor.reload', error: fail('网络异常') }],
      ['RS2026', { type: 'invite.submit', code: 'RS2026' }],
      ['right', { type: 'xstate.done.actor.checkInvite', output: { passed: true, message: '' } }],
      ['wrong', { type: 'xstate.done.actor.checkInvite', output: { passed: false, message: '邀请码错误' } }],
      ['booked', { type: 'xstate.done.actor.reserve', output: true }],
      ['login declined', { type: 'xstate.done.actor.reserve', output: false }],
      ['12 online', { type: 'xstate.done.actor.heartbeat', output: 12 }],
      ['visit counted', { type: 'xstate.done.actor.visit', output: { visitCount: 1 } }],
    ]),
  },
  // a live room's comments (core/live/viewer-comments.machine.ts)
  liveComments: {
    variants: variants([
      ['two comments', { type: 'xstate.done.actor.recent', output: { comments: [liveComment(1, '开播了'), liveComment(2, '看好腾讯')], hasMore: false } }],
      ['one more, more to come', { type: 'xstate.done.actor.catchUp', output: { comments: [liveComment(3, '南向资金')], hasMore: true } }],
      ['caught up', { type: 'xstate.done.actor.catchUp', output: { comments: [], hasMore: false } }],
      ['a new one', { type: 'xstate.done.actor.poll', output: { comments: [liveComment(4, '老师讲得好')], hasMore: false } }],
      ['a new one', { type: 'xstate.done.actor.pollWhileLost', output: { comments: [liveComment(4, '老师讲得好')], hasMore: false } }],
      ['pushed', { type: 'comments.received', comments: [liveComment(5, '已关注')] }],
      ['a comment', { type: 'draft.change', text: '请问美团怎么看？' }],
      ['empty', { type: 'draft.change', text: '' }],
      ['posted', { type: 'xstate.done.actor.post', output: liveComment(6, '请问美团怎么看？') }],
      ['login declined', { type: 'xstate.done.actor.post', output: null }],
      ['too often', { type: 'xstate.error.actor.post', error: fail('操作过于频繁，请稍后再试') }],
    ]),
  },
  // a paid order of a circle as the console moves it (core/circle-admin/delivery.machine.ts): no input; each move named
  orderDelivery: {
    variants: variants([
      ['start delivering', { type: 'delivery.ship' }],
      ['delivered', { type: 'delivery.deliver' }],
      ['owner refunds', { type: 'order.refund' }],
      ['remove from the list', { type: 'order.delete' }],
    ]),
  },
  // the console's circle form (core/circle-admin/circle-form.machine.ts): editing circle 7; each answer named
  circleForm: {
    input: { circleId: 7 },
    variants: variants([
      ['circle loaded', { type: 'xstate.done.actor.loadCircle', output: { id: 7, type: 'FINANCIAL_CIRCLE', name: '老周港股实战圈', avatar: '/covers/1.svg', brief: '每日盘前策略与盘后复盘。', owner: { id: 1, nick: '港股老周', avatar: '', brief: '' }, role: 'owner', reviewStatus: 'approved', rejectReason: null, paid: true, minPrice: 19900, memberCount: 3, adminCount: 1, createTimestamp: 1795000000, intro: '十五年港股投资经验。', specs: [{ specsId: 70, months: 12, price: 19900, sold: true }] } }],
      ['nothing to load (new)', { type: 'xstate.done.actor.loadCircle', output: null }],
      ['load failed', { type: 'xstate.error.actor.loadCircle', error: fail('圈子不存在') }],
      ['name typed', { type: 'field.change', field: 'name', value: '新的港股圈' }],
      ['intro emptied', { type: 'field.change', field: 'intro', value: '' }],
      ['a png picked', { type: 'cover.pick', cover: { name: 'cover.png', size: 1000, type: 'image/png', file: null } }],
      ['a pdf picked', { type: 'cover.pick', cover: { name: 'a.pdf', size: 1000, type: 'application/pdf', file: null } }],
      ['cover uploaded', { type: 'xstate.done.actor.uploadCover', output: '/covers/2.svg' }],
      ['upload failed', { type: 'xstate.error.actor.uploadCover', error: fail('上传失败') }],
      ['paid', { type: 'paid.set', paid: true }],
      ['free', { type: 'paid.set', paid: false }],
      ['first price 99', { type: 'price.change', index: 0, yuan: '99' }],
      ['saved', { type: 'xstate.done.actor.saveCircle', output: { id: 7, type: 'FINANCIAL_CIRCLE', name: '新的港股圈', avatar: '/covers/2.svg', brief: '每日盘前策略与盘后复盘。', owner: { id: 1, nick: '港股老周', avatar: '', brief: '' }, role: 'owner', reviewStatus: 'reviewing', rejectReason: null, paid: false, minPrice: null, memberCount: 0, adminCount: 0, createTimestamp: 1795000000, intro: '介绍', specs: [] } }],
      ['refused', { type: 'xstate.error.actor.saveCircle', error: fail('内容包含敏感词，请修改后再提交') }],
    ]),
  },
  // a chapter's video in the console (core/circle-admin/course-upload.machine.ts): a new chapter; each report named
  courseUpload: {
    input: { kind: 'video', stored: null },
    variants: variants([
      ['an mp4 picked', { type: 'file.pick', file: { name: 'lesson.mp4', size: 1_000_000, type: 'video/mp4', file: null } }],
      ['a pdf picked', { type: 'file.pick', file: { name: 'notes.pdf', size: 1_000, type: 'application/pdf', file: null } }],
      ['42% sent', { type: 'upload.progress', loaded: 420_000, total: 1_000_000 }],
      ['stored', { type: 'upload.done', stored: { value: '202611/0123456789abcdef0123456789abcdef.mp4', name: 'lesson.mp4', durationSeconds: 605 } }],
      ['refused', { type: 'upload.failed', message: '仅支持 mp4、webm 格式的视频' }],
      ['cut off', { type: 'upload.failed', message: '' }],
    ]),
  },
  // the console's chapter form (core/circle-admin/chapter-editor.machine.ts): a new chapter; the video's state comes with the save
  chapterEditor: {
    input: { form: { title: '', sortText: '1', free: false, content: '' } },
    variants: variants([
      ['title typed', { type: 'form.edit', patch: { title: '第一课 市盈率' } }],
      ['order 0', { type: 'form.edit', patch: { sortText: '0' } }],
      ['save, video stored', { type: 'form.submit', upload: { status: 'done', stored: { value: '202611/0123456789abcdef0123456789abcdef.mp4', durationSeconds: 605 } } }],
      ['save, no video', { type: 'form.submit', upload: { status: 'idle', stored: null } }],
      ['save while uploading', { type: 'form.submit', upload: { status: 'uploading', stored: null } }],
      ['saved', { type: 'xstate.done.actor.save', output: { id: 301 } }],
      ['refused', { type: 'xstate.error.actor.save', error: fail('无权管理该圈子') }],
    ]),
  },
  toggle: {
    input: { on: false },
    variants: variants([
      ['signed in', { type: 'xstate.done.actor.requireLogin', output: true }],
      ['dialog closed', { type: 'xstate.done.actor.requireLogin', output: false }],
      ['saved', { type: 'xstate.done.actor.save', output: { on: true } }],
      ['failed', { type: 'xstate.error.actor.save', error: { message: '操作太频繁' } }],
    ]),
  },
}
