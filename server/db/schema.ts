// Kysely table types for the SQL in ./migrations, every feature's, in one file. Column names are the
// SQL names (snake_case).
import type { ColumnType, Generated } from 'kysely'
import type { RichToken } from '../../core/posting/rich-text'

export interface ChannelsTable {
  id: number
  type: string
  name: string
  sort: number
}

export interface NewsTypesTable {
  type: string
  name: string
  sort: number
}

export interface StocksTable {
  id: string
  market: string
  code: string
  code_disp: string
  name: string
  name_hk: string
  name_en: string
  category: string
  industry: string
  lot_size: number
  currency: string
  shares_outstanding: number
  last_close_cents: number
}

export interface UsersTable {
  id: Generated<number>
  nick: string
  avatar: Generated<string>
  brief: Generated<string>
  phone: string | null
  country_code: Generated<string>
  sex: Generated<number>
  create_timestamp: number
  is_columnist: Generated<boolean>
  /** fans without a row (migration 010): fans = this + friendships naming the user */
  audience_fans: Generated<number>
  // 002_accounts.sql
  password_hash: string | null
  email: string | null
  wechat_openid: string | null
  agree_user_agreement: Generated<boolean>
  country: Generated<string>
  state: Generated<string>
  city: Generated<string>
  professions: Generated<string[]>
  level: Generated<number>
  roles: Generated<string[]>
  membership_type: string | null
  membership_expire: number | null
  membership_icon: Generated<string>
  advisory_cert_time: number | null
  unread_count: Generated<number>
  coin: Generated<number>
  merged_into: number | null
}

export interface ColumnsTable {
  id: Generated<number>
  user_id: number
  name: string
  brief: Generated<string>
  cover_url: Generated<string>
  create_timestamp: number
}

export interface ArticlesTable {
  id: Generated<number>
  title: string
  summary: Generated<string>
  paragraphs: string[]
  cover_url: Generated<string>
  channel_type: string
  author_id: number
  column_id: number | null
  tags: string[]
  stocks: string[]
  source: Generated<string>
  create_timestamp: number
  read_count: Generated<number>
  is_vip: Generated<boolean>
  news_type: Generated<string>
}

export interface FlashesTable {
  id: Generated<number>
  title: Generated<string>
  content: string
  important: Generated<boolean>
  channel: Generated<string>
  stocks: string[]
  create_timestamp: number
}

export interface DailyBarsTable {
  stock_id: string
  day: number
  open_cents: number
  high_cents: number
  low_cents: number
  close_cents: number
  volume: number
}

export interface ConfigTable {
  key: string
  /** jsonb: insert JSON.stringify(value); reads come back parsed */
  value: unknown
}

export interface LogsTable {
  id: Generated<number>
  file_date: string
  page_no: number
  lines: string[]
  user_agent: Generated<string>
  received_at: number
}

export interface SeedMetaTable {
  version: number
  seed_now: number
  applied_at: number
}

export interface SchemaMigrationsTable {
  version: string
  applied_at: number
}

/** 002_accounts.sql, 009_accounts_hardening.sql (users' own columns are in UsersTable) */
export interface AccountsTables {
  sessions: { token_hash: string; user_id: number; created_at: number; expires_at: number }
  verification_codes: {
    id: Generated<number>
    channel: 'sms' | 'email'
    target: string
    purpose: string
    code_hash: string
    ip: Generated<string>
    created_at: number
    expires_at: number
    wrong_tries: Generated<number>
    used: Generated<boolean>
  }
  rate_events: { id: Generated<number>; key: string; at: number }
  captcha_challenges: {
    challenge: string
    target: string
    answer: number
    created_at: number
    validate: string | null
    used: Generated<boolean>
  }
  wechat_grants: {
    state: string
    code: string | null
    openid: string | null
    nick: Generated<string>
    avatar: Generated<string>
    redirect: string
    created_at: number
    used: Generated<boolean>
    /** SHA-256 of the asking browser's WeChat binding cookie (009_accounts_hardening.sql) */
    browser: Generated<string>
  }
  outbox: { id: Generated<number>; channel: string; target: string; text: string; created_at: number }
  friendships: { follower_id: number; followee_id: number; create_timestamp: number }
  avatars: { id: Generated<number>; user_id: number; mime: string; data: Uint8Array; created_at: number }
}

// 003_reading.sql
export type StockSearchTable = {
  stock_id: string
  code_key: string
  name_en_key: string
  py_initials: string
  py_full: string
  /** 022_stock_aliases.sql: the place in core/search/stock-rank.ts popularityOrder, 0 first */
  popularity_rank: Generated<number>
}

export type ReadingTables = {
  stock_search: StockSearchTable
}

// 005_columns.sql
export type ColumnsTables = {
  subjects: { id: number; title: string; brief: string; cover_url: string; is_hot: boolean; create_timestamp: number }
  subject_contents: { subject_id: number; kind: number; ref_id: number; is_choice: boolean; create_timestamp: number }
  subject_follows: { subject_id: number; user_id: number; create_timestamp: number }
  hotspots: { id: number; title: string; brief: string; heat: number; create_timestamp: number }
  hotspot_contents: { hotspot_id: number; kind: number; ref_id: number; create_timestamp: number }
}

// 007_docs.sql
export type DocsTables = {
  documents: { name: string; title: string; body: string; update_timestamp: number }
  agreements: { id: number; route_id: number; sort: number; title: string; document_name: string; param_map: string }
  research_reports: {
    id: number
    group_id: number
    title: string
    summary: string
    paragraphs: string[]
    institution: string
    analyst: string
    rating: string
    cover_url: string
    stocks: string[]
    is_pay: boolean
    price_cents: number
    pages: number
    create_timestamp: number
    read_count: number
  }
}

/** server/db/migrations/008_home_extras.sql */
export type HomeExtrasTables = {
  sub_channels: { id: number; parent_type: string; type: string; name: string; sort: number }
  banners: { id: number; channel_type: string; title: string; link: string; sort: number }
  ads: { id: number; position: number; show_type: number; title: string; brief: string; advertiser: string; link: string; sort: number }
  featured_heads: { id: number; title: string; brief: string; sort: number }
  featured_contents: { head_id: number; article_id: number; sort: number; selected: boolean }
}

/** server/db/migrations/023_home_reminders.sql */
export type HomeRemindersTables = {
  ncp_regions: { id: number; name: string; confirmed: number; cured: number; dead: number; sort: number; update_timestamp: number }
  opportunity_reminds: { id: number; kind: string; title: string; content: string; stocks: string[]; event_timestamp: number; create_timestamp: number }
}

/**
 * Every table the server reads with kysely: one file, checked against the migrations by
 * server/db/schema.test.ts. (The community and market tables are read with raw SQL; that test
 * lists them.)
 */
export interface Database extends AccountsTables, ReadingTables, ColumnsTables, DocsTables, HomeExtrasTables, HomeRemindersTables {
  channels: ChannelsTable
  news_types: NewsTypesTable
  stocks: StocksTable
  users: UsersTable
  columns: ColumnsTable
  articles: ArticlesTable
  flashes: FlashesTable
  daily_bars: DailyBarsTable
  config: ConfigTable
  logs: LogsTable
  seed_meta: SeedMetaTable
  schema_migrations: SchemaMigrationsTable
}

/** Every typed table's columns (the runtime copy of `Database`'s keys; schema.test.ts compares them with the migrations). */
export const TABLE_COLUMNS = {
  sessions: ['token_hash', 'user_id', 'created_at', 'expires_at'],
  verification_codes: ['id', 'channel', 'target', 'purpose', 'code_hash', 'ip', 'created_at', 'expires_at', 'wrong_tries', 'used'],
  rate_events: ['id', 'key', 'at'],
  captcha_challenges: ['challenge', 'target', 'answer', 'created_at', 'validate', 'used'],
  geetest_challenges: ['challenge', 'target', 'online', 'created_at'],
  wechat_grants: ['state', 'code', 'openid', 'nick', 'avatar', 'redirect', 'created_at', 'used', 'browser'],
  outbox: ['id', 'channel', 'target', 'text', 'created_at'],
  friendships: ['follower_id', 'followee_id', 'create_timestamp'],
  avatars: ['id', 'user_id', 'mime', 'data', 'created_at'],
  stock_search: ['stock_id', 'code_key', 'name_en_key', 'py_initials', 'py_full', 'popularity_rank'],
  stock_aliases: ['stock_id', 'alias'],
  stock_search_keys: ['stock_id', 'kind', 'key'],
  subjects: ['id', 'title', 'brief', 'cover_url', 'is_hot', 'create_timestamp'],
  subject_contents: ['subject_id', 'kind', 'ref_id', 'is_choice', 'create_timestamp'],
  subject_follows: ['subject_id', 'user_id', 'create_timestamp'],
  hotspots: ['id', 'title', 'brief', 'heat', 'create_timestamp'],
  hotspot_contents: ['hotspot_id', 'kind', 'ref_id', 'create_timestamp'],
  documents: ['name', 'title', 'body', 'update_timestamp'],
  agreements: ['id', 'route_id', 'sort', 'title', 'document_name', 'param_map'],
  research_reports: ['id', 'group_id', 'title', 'summary', 'paragraphs', 'institution', 'analyst', 'rating', 'cover_url', 'stocks', 'is_pay', 'price_cents', 'pages', 'create_timestamp', 'read_count'],
  sub_channels: ['id', 'parent_type', 'type', 'name', 'sort'],
  banners: ['id', 'channel_type', 'title', 'link', 'sort'],
  ads: ['id', 'position', 'show_type', 'title', 'brief', 'advertiser', 'link', 'sort'],
  featured_heads: ['id', 'title', 'brief', 'sort'],
  featured_contents: ['head_id', 'article_id', 'sort', 'selected'],
  ncp_regions: ['id', 'name', 'confirmed', 'cured', 'dead', 'sort', 'update_timestamp'],
  opportunity_reminds: ['id', 'kind', 'title', 'content', 'stocks', 'event_timestamp', 'create_timestamp'],
  channels: ['id', 'type', 'name', 'sort'],
  news_types: ['type', 'name', 'sort'],
  stocks: ['id', 'market', 'code', 'code_disp', 'name', 'name_hk', 'name_en', 'category', 'industry', 'lot_size', 'currency', 'shares_outstanding', 'last_close_cents'],
  users: ['id', 'nick', 'avatar', 'brief', 'phone', 'country_code', 'sex', 'create_timestamp', 'is_columnist', 'audience_fans', 'password_hash', 'email', 'wechat_openid', 'agree_user_agreement', 'country', 'state', 'city', 'professions', 'level', 'roles', 'membership_type', 'membership_expire', 'membership_icon', 'advisory_cert_time', 'unread_count', 'coin', 'merged_into'],
  columns: ['id', 'user_id', 'name', 'brief', 'cover_url', 'create_timestamp'],
  articles: ['id', 'title', 'summary', 'paragraphs', 'cover_url', 'channel_type', 'author_id', 'column_id', 'tags', 'stocks', 'source', 'create_timestamp', 'read_count', 'is_vip', 'news_type'],
  flashes: ['id', 'title', 'content', 'important', 'channel', 'stocks', 'create_timestamp'],
  daily_bars: ['stock_id', 'day', 'open_cents', 'high_cents', 'low_cents', 'close_cents', 'volume'],
  config: ['key', 'value'],
  logs: ['id', 'file_date', 'page_no', 'lines', 'user_agent', 'received_at'],
  seed_meta: ['version', 'seed_now', 'applied_at'],
  schema_migrations: ['version', 'applied_at'],
  write_counts: ['key', 'bucket', 'n'],
  comments: ['id', 'user_id', 'source', 'ref_id', 'reply_comment_id', 'root_id', 'reply_user_id', 'content', 'picture_urls', 'retweet', 'risk_tip_id', 'status', 'review_due', 'like_count', 'reply_count', 'create_timestamp'],
  comment_likes: ['comment_id', 'user_id', 'create_timestamp'],
  topics: ['id', 'name', 'brief', 'read_count', 'create_timestamp'],
  posts: ['id', 'user_id', 'title', 'content', 'topic_id', 'picture_urls', 'stocks', 'risk_tip_id', 'status', 'like_count', 'comment_count', 'read_count', 'create_timestamp', 'kind', 'body_tokens', 'ref_contents', 'review_due', 'reject_reason', 'update_timestamp', 'top', 'essence', 'fav_count', 'comments_closed'],
  post_likes: ['post_id', 'user_id', 'create_timestamp'],
  favorites: ['user_id', 'source', 'ref_id', 'create_timestamp'],
  messages: ['id', 'user_id', 'source_type', 'type', 'actor_id', 'content', 'subject', 'link', 'ref_source', 'ref_id', 'read', 'create_timestamp'],
  violations: ['id', 'user_id', 'source', 'ref_id', 'subject', 'reason', 'appeal_status', 'appeal_content', 'create_timestamp'],
  shares: ['code', 'user_id', 'source', 'ref_id', 'create_timestamp'],
  complaints: ['id', 'user_id', 'target_type', 'target_id', 'reason', 'content', 'create_timestamp'],
  read_history: ['user_id', 'source', 'ref_id', 'read_timestamp'],
  orders: ['id', 'user_id', 'kind', 'specs_id', 'member_specs_id', 'coupon_id', 'amount_cents', 'channel', 'status', 'idem_key', 'subject', 'qr_token', 'create_timestamp', 'expire_timestamp', 'paid_timestamp', 'addon_specs_id', 'code_url'],
  pay_notifications: ['notify_id', 'order_id', 'received_at'],
  pay_refunds: ['id', 'order_id', 'user_id', 'amount_cents', 'reason', 'status', 'created_at', 'claimed_at', 'done_at'],
  order_deliveries: ['order_id', 'status', 'updated_at', 'updated_by'],
  portfolios: ['id', 'user_id', 'name', 'market', 'create_timestamp', 'close_timestamp', 'follower_count'],
  portfolio_adjustments: ['id', 'portfolio_id', 'time', 'day', 'kind'],
  portfolio_adjust_items: ['adjustment_id', 'stock_id', 'from_hundredths', 'to_hundredths', 'price_cents'],
  portfolio_follows: ['user_id', 'portfolio_id', 'create_timestamp'],
  memberships: ['user_id', 'tier', 'expire_timestamp'],
  renew_blocked_users: ['user_id'],
  risk_tips: ['id', 'name', 'summary'],
  hot_content_applications: ['id', 'user_id', 'post_id', 'reason', 'status', 'create_timestamp'],
  uploads: ['storage_key', 'user_id', 'kind', 'name', 'extension', 'content_type', 'size', 'create_timestamp'],
  certification_applications: ['id', 'user_id', 'applicant_type', 'real_name', 'company_name', 'weixin_id', 'id_card_image', 'image_id', 'siaqc_number', 'email', 'other_platform_account_name', 'personal_profile', 'status', 'reject_reason', 'reviewer_id', 'create_time', 'review_time'],
  certification_images: ['image_id', 'user_id', 'create_time'],
  wecom_grants: ['state', 'code', 'redirect', 'browser', 'created_at', 'used'],
  wecom_members: ['corp_id', 'userid', 'user_id', 'name', 'position', 'bound_at'],
  chat_groups: ['id', 'group_id', 'name', 'group_type', 'avatar', 'owner_id', 'mute_all', 'blocked', 'created_at', 'last_seq', 'unread_seq', 'at_all_seq', 'at_all_by', 'last_time'],
  chat_members: ['group_id', 'user_id', 'role', 'mute_until', 'joined_at'],
  chat_removals: ['id', 'group_id', 'group_name', 'user_id', 'oper_id', 'at'],
  chat_messages: ['id', 'msg_id', 'conv_key', 'seq', 'sender_id', 'type', 'payload', 'cloud_custom_data', 'at_users', 'time', 'revoked'],
  chat_conversations: ['user_id', 'conversation_id', 'conv_key', 'peer_id', 'group_id', 'unread', 'pinned', 'receive_opt', 'deleted', 'at_types', 'last_time', 'read_seq', 'own_unread', 'deleted_seq'],
  chat_friends: ['user_id', 'friend_id', 'created_at'],
  chat_user_tags: ['user_id', 'kind', 'tag'],
  chatrooms: ['id', 'group_id', 'chief'],
  chat_group_attributes: ['group_id', 'key', 'value'],
  chat_images: ['id', 'owner_id', 'mime', 'data', 'created_at', 'key', 'conv_key'],
  circles: ['id', 'type', 'name', 'avatar', 'brief', 'intro', 'tip', 'owner_id', 'goods_id', 'review_status', 'recommended', 'recommend_sort', 'create_timestamp', 'reject_reason', 'owner_sort', 'announcement', 'announcement_timestamp'],
  circle_admins: ['circle_id', 'user_id', 'create_timestamp'],
  circle_members: ['circle_id', 'user_id', 'expire_timestamp', 'order_id', 'join_timestamp', 'read_timestamp', 'publishable', 'muted'],
  circle_rights: ['id', 'circle_id', 'title', 'description', 'sort'],
  circle_tags: ['id', 'circle_id', 'name', 'is_default', 'admin_only', 'sort'],
  circle_topics: ['id', 'circle_id', 'name', 'read_count'],
  circle_dynamics: ['id', 'circle_id', 'author_id', 'kind', 'question_type', 'title', 'content', 'picture_urls', 'files', 'topic_id', 'ref_contents', 'risk_tip_id', 'top', 'top_timestamp', 'essence', 'ignored', 'status', 'review_due', 'comments_closed', 'create_timestamp', 'preview'],
  circle_dynamic_tags: ['dynamic_id', 'tag_id'],
  circle_answers: ['dynamic_id', 'author_id', 'content', 'status', 'review_due', 'create_timestamp'],
  circle_comments: ['id', 'dynamic_id', 'author_id', 'content', 'status', 'create_timestamp', 'like_count'],
  circle_comment_likes: ['comment_id', 'user_id', 'create_timestamp'],
  course_chapters: ['id', 'circle_id', 'sort', 'title', 'content', 'picture_urls', 'video_key', 'video_type', 'video_seconds', 'free', 'create_timestamp'],
  course_progress: ['user_id', 'chapter_id', 'circle_id', 'position_seconds', 'completed', 'update_timestamp'],
  course_videos: ['storage_key', 'circle_id', 'user_id', 'content_type', 'name', 'size', 'create_timestamp'],
  circle_chat_groups: ['circle_id', 'group_id', 'create_timestamp'],
  live_rooms: ['id', 'circle_id', 'service_type', 'title', 'brief', 'cover', 'status', 'start_mode', 'keep_playback', 'invite_code', 'start_timestamp', 'live_start_timestamp', 'end_timestamp', 'playback_url', 'playback_seconds', 'visit_count', 'sort', 'chat_group_id', 'create_timestamp'],
  live_room_guests: ['room_id', 'user_id'],
  live_comments: ['id', 'room_id', 'user_id', 'content', 'tag', 'create_timestamp'],
  live_online: ['video_id', 'service_type', 'session_id', 'user_id', 'last_beat_ms'],
  live_reservations: ['room_id', 'user_id', 'create_timestamp'],
  live_invite_passes: ['room_id', 'user_id', 'create_timestamp'],
  live_devices: ['room_id', 'user_id', 'device_id', 'update_timestamp'],
  live_online_peaks: ['room_id', 'minute', 'online'],
  live_viewers: ['room_id', 'user_id', 'first_seen', 'last_seen'],
  live_kicks: ['room_id', 'user_id', 'operator_id', 'create_timestamp'],
  live_streams: ['stream_name', 'room_id', 'mode', 'source_url', 'pull_task_id', 'started_at', 'live_ms', 'run_started_at', 'ended_at', 'playback_url', 'playback_seconds'],
} as const satisfies { [T in keyof Database]: readonly (keyof Database[T] & string)[] }

/** A column in `Database` but not in TABLE_COLUMNS fails to compile here. */
type Unlisted = { [T in keyof Database]: Exclude<keyof Database[T], (typeof TABLE_COLUMNS)[T][number]> }[keyof Database]
export const TABLE_COLUMNS_COMPLETE: [Unlisted] extends [never] ? true : Unlisted = true

/** server/db/migrations/021_write_limits.sql: the write limits' counts (server/http/write-counts-repository.ts) */
export interface WriteCountsTable {
  key: string
  /** the bucket's start, ms since the epoch */
  bucket: number
  /** writes, or bytes */
  n: number
}
export interface Database {
  write_counts: WriteCountsTable
}

/** server/db/migrations/022_stock_aliases.sql: what readers call a stock (server/reading/search-aliases-repository.ts) */
export interface StockAliasesTable {
  stock_id: string
  alias: string
}
/** 022_stock_aliases.sql: every key a stock is found by (server/reading/search-index-repository.ts) */
export interface StockSearchKeysTable {
  stock_id: string
  kind: 'code' | 'name' | 'pinyin'
  key: string
}
export interface Database {
  stock_aliases: StockAliasesTable
  stock_search_keys: StockSearchKeysTable
}

/**
 * server/db/migrations/006_community.sql, 011_posting.sql, 014_interaction.sql: the community's posts
 * (server/posting/posts-repository.ts), topics (server/reading/community/topics-repository.ts),
 * likes, favourites, risk tips and hot-content applications.
 */
export interface TopicsTable {
  id: Generated<number>
  name: string
  brief: Generated<string>
  read_count: Generated<number>
  create_timestamp: number
}
export interface PostsTable {
  id: Generated<number>
  user_id: number
  title: Generated<string>
  /** plain text, line breaks kept (spec 000 §5) */
  content: string
  topic_id: number | null
  picture_urls: Generated<string[]>
  stocks: Generated<string[]>
  risk_tip_id: number | null
  status: Generated<'draft' | 'reviewing' | 'approved' | 'rejected'>
  like_count: Generated<number>
  comment_count: Generated<number>
  read_count: Generated<number>
  create_timestamp: number
  kind: Generated<'discussion' | 'article'>
  /** jsonb: the rich body (core/posting/rich-text.ts RichToken[]); written as its JSON text */
  body_tokens: ColumnType<RichToken[] | null, string | null | undefined, string | null>
  ref_contents: Generated<string[]>
  review_due: number | null
  reject_reason: Generated<string>
  update_timestamp: number | null
  top: Generated<boolean>
  essence: Generated<boolean>
  fav_count: Generated<number>
  comments_closed: Generated<boolean>
}
export interface PostLikesTable {
  post_id: number
  user_id: number
  create_timestamp: number
}
export interface FavoritesTable {
  user_id: number
  source: 'post' | 'news'
  ref_id: number
  create_timestamp: number
}
export interface RiskTipsTable {
  id: number
  name: string
  summary: Generated<string>
}
export interface HotContentApplicationsTable {
  id: Generated<number>
  user_id: number
  post_id: number
  reason: Generated<string>
  status: Generated<'pending' | 'accepted' | 'refused'>
  create_timestamp: number
}
/** 011_posting.sql: comments on posts and news (server/posting/comments-repository.ts) and their likes */
export interface CommentsTable {
  id: Generated<number>
  user_id: number
  source: 'post' | 'news'
  ref_id: number
  /** the comment replied to; root_id groups a thread */
  reply_comment_id: number | null
  root_id: number | null
  reply_user_id: number | null
  content: string
  picture_urls: Generated<string[]>
  retweet: Generated<boolean>
  risk_tip_id: number | null
  status: Generated<'reviewing' | 'approved' | 'rejected'>
  review_due: number | null
  like_count: Generated<number>
  reply_count: Generated<number>
  create_timestamp: number
}
export interface CommentLikesTable {
  comment_id: number
  user_id: number
  create_timestamp: number
}
export interface Database {
  comments: CommentsTable
  comment_likes: CommentLikesTable
  topics: TopicsTable
  posts: PostsTable
  post_likes: PostLikesTable
  favorites: FavoritesTable
  risk_tips: RiskTipsTable
  hot_content_applications: HotContentApplicationsTable
}

/** server/db/migrations/024_wecom.sql: WeCom sign-in grants and bound members (server/wecom/grants-repository.ts, members-repository.ts) */
export interface WecomGrantsTable {
  state: string
  code: string | null
  redirect: string
  /** SHA-256 of the asking browser's binding cookie */
  browser: string
  created_at: number
  used: Generated<boolean>
}
export interface WecomMembersTable {
  corp_id: string
  userid: string
  user_id: number
  name: Generated<string>
  position: Generated<string>
  bound_at: number
}
export interface Database {
  wecom_grants: WecomGrantsTable
  wecom_members: WecomMembersTable
}

/**
 * server/db/migrations/015_chat.sql and 020_chat_safety.sql: the local messaging service's groups,
 * members, messages and each user's view of a conversation (one data module each in server/chat/*-repository.ts).
 * bigint columns hold seconds (or −1 for ever): PostgreSQL hands them back as text, so they read as
 * `string | number` and the mappers take Number() of them.
 */
type Seconds = ColumnType<string | number, number, number>
export interface ChatGroupsTable {
  id: Generated<number>
  group_id: string
  name: string
  group_type: 'Work' | 'Public' | 'Meeting' | 'ChatRoom'
  avatar: Generated<string>
  owner_id: number
  mute_all: Generated<boolean>
  blocked: Generated<boolean>
  created_at: Seconds
  /** 036: the newest message's seq, the count of unread-counting messages, the latter at the newest @all (and its sender), the newest message's time */
  last_seq: Generated<number>
  unread_seq: Generated<number>
  at_all_seq: Generated<number>
  at_all_by: number | null
  last_time: ColumnType<string | number, number | undefined, number>
}
export interface ChatMembersTable {
  group_id: string
  user_id: number
  role: 'Owner' | 'Admin' | 'Member'
  /** seconds since the epoch the mute ends; 0 none; −1 for ever */
  mute_until: ColumnType<string | number, number | undefined, number>
  joined_at: Seconds
}
export interface ChatRemovalsTable {
  id: Generated<number>
  group_id: string
  group_name: string
  user_id: number
  oper_id: number
  at: Seconds
}
export interface ChatMessagesTable {
  id: Generated<number>
  msg_id: string
  conv_key: string
  seq: number
  sender_id: number
  type: string
  /** jsonb: the message's payload; written as its JSON text */
  payload: ColumnType<unknown, string, string>
  cloud_custom_data: Generated<string>
  at_users: Generated<string[]>
  time: Seconds
  revoked: Generated<boolean>
}
export interface ChatConversationsTable {
  user_id: number
  conversation_id: string
  conv_key: string
  peer_id: number | null
  group_id: string | null
  unread: Generated<number>
  pinned: Generated<boolean>
  receive_opt: Generated<number>
  deleted: Generated<boolean>
  at_types: Generated<number[]>
  last_time: ColumnType<string | number, number | undefined, number>
  /** 036 (group rows): the group's unread_seq when last read, own counted messages since, last_seq when deleted */
  read_seq: Generated<number>
  own_unread: Generated<number>
  deleted_seq: Generated<number>
}
export interface ChatFriendsTable {
  user_id: number
  friend_id: number
  created_at: Seconds
}
export interface ChatUserTagsTable {
  user_id: number
  kind: 'wechatPersonal' | 'guruPersonal' | 'wechatEnterprise'
  tag: string
}
export interface ChatroomsTable {
  id: Generated<number>
  group_id: string
  chief: Generated<boolean>
}
export interface ChatGroupAttributesTable {
  group_id: string
  key: string
  value: string
}
export interface ChatImagesTable {
  id: Generated<number>
  owner_id: number
  mime: 'image/png' | 'image/jpeg' | 'image/gif'
  data: Uint8Array
  created_at: Seconds
  key: string
  conv_key: string
}
export interface Database {
  chat_groups: ChatGroupsTable
  chat_members: ChatMembersTable
  chat_removals: ChatRemovalsTable
  chat_messages: ChatMessagesTable
  chat_conversations: ChatConversationsTable
  chat_friends: ChatFriendsTable
  chat_user_tags: ChatUserTagsTable
  chatrooms: ChatroomsTable
  chat_group_attributes: ChatGroupAttributesTable
  chat_images: ChatImagesTable
}

/** 014_interaction.sql: the bell's messages (server/messages/messages-repository.ts) */
export interface MessagesTable {
  id: Generated<number>
  user_id: number
  source_type: 'interaction' | 'notification'
  type: string
  actor_id: number | null
  content: string
  subject: Generated<string>
  link: Generated<string>
  /** the post or comment it is about: shown only while that is approved */
  ref_source: 'post' | 'comment' | null
  ref_id: number | null
  read: Generated<boolean>
  create_timestamp: Seconds
}
/** 014_interaction.sql: a rejected post or comment, appealable once (server/interaction/violations-repository.ts) */
export interface ViolationsTable {
  id: Generated<number>
  user_id: number
  /** 028: a circle's moment or a comment under one, taken down */
  source: 'post' | 'comment' | 'circleDynamic' | 'circleComment'
  ref_id: number
  subject: Generated<string>
  reason: string
  appeal_status: Generated<'none' | 'pending' | 'accepted' | 'refused'>
  appeal_content: Generated<string>
  create_timestamp: Seconds
}
/** 014_interaction.sql: public share codes (server/interaction/shares-repository.ts) */
export interface SharesTable {
  code: string
  user_id: number
  /** 028: a circle's moment too */
  source: 'post' | 'news' | 'circleDynamic'
  ref_id: number
  create_timestamp: Seconds
}
/** 014_interaction.sql: complaints about content or users (server/interaction/complaints-repository.ts) */
export interface ComplaintsTable {
  id: Generated<number>
  user_id: number
  /** 028: a circle's moment or a comment under one too */
  target_type: 'post' | 'comment' | 'news' | 'user' | 'circleDynamic' | 'circleComment'
  target_id: number
  reason: string
  content: Generated<string>
  create_timestamp: Seconds
}
/** 014_interaction.sql: the newest read of each item per reader (server/interaction/read-history-repository.ts) */
export interface ReadHistoryTable {
  user_id: number
  source: 'post' | 'news'
  ref_id: number
  read_timestamp: Seconds
}
/** 012_membership.sql, 017, 018, 019: orders (server/membership/orders-repository.ts); money in cents, times in seconds */
export interface OrdersTable {
  id: string
  user_id: number
  kind: 'goods' | 'recharge'
  specs_id: number
  member_specs_id: number | null
  /** the membership add-on's spec bought with it (MEMBER_ADDON), else null */
  addon_specs_id: number | null
  coupon_id: number | null
  amount_cents: number
  channel: 'wx_pub_qr' | 'guru_pay'
  status: Generated<'pending' | 'paid' | 'failed' | 'refunding' | 'refunded'>
  idem_key: string
  subject: string
  qr_token: string | null
  /** WeChat's code_url, kept once asked (018); the sandbox's is made from qr_token */
  code_url: string | null
  create_timestamp: number
  expire_timestamp: number
  paid_timestamp: number | null
}
/** 012_membership.sql: each pay notification applied once */
export interface PayNotificationsTable {
  notify_id: string
  order_id: string
  received_at: number
}
/** 019_money_ledger.sql: money owed back for an order that could not be granted */
export interface PayRefundsTable {
  id: string
  order_id: string
  user_id: number
  amount_cents: number
  reason: string
  status: Generated<'pending' | 'done'>
  created_at: number
  claimed_at: number | null
  done_at: number | null
}
/** 034_order_deliveries.sql: an order's delivery as the circle-admin console moved it (core/circle-admin/delivery.ts) */
export interface OrderDeliveriesTable {
  order_id: string
  status: 'IN_PROCESS' | 'IN_DELIVERY' | 'DELIVERED' | 'REFUNDED' | 'DELETE'
  updated_at: number
  updated_by: number
}
/** 013_portfolio.sql: model portfolios (server/portfolio/portfolios-repository.ts); times in seconds */
export interface PortfoliosTable {
  id: Generated<number>
  user_id: number
  name: string
  market: 'hk' | 'us'
  create_timestamp: number
  /** closing is final; the history stays */
  close_timestamp: number | null
  follower_count: Generated<number>
}
/** 013_portfolio.sql: a portfolio's adjustments and their items (server/portfolio/adjustments-repository.ts) */
export interface PortfolioAdjustmentsTable {
  id: Generated<number>
  portfolio_id: number
  time: number
  day: number
  kind: 'create' | 'adjust'
}
export interface PortfolioAdjustItemsTable {
  adjustment_id: number
  stock_id: string
  from_hundredths: number
  to_hundredths: number
  price_cents: number
}
/** 013_portfolio.sql: who follows which portfolio (server/portfolio/follows-repository.ts) */
export interface PortfolioFollowsTable {
  user_id: number
  portfolio_id: number
  create_timestamp: number
}
/** 012_membership.sql: membership tiers held (server/membership/memberships-repository.ts); expiry in seconds */
export interface MembershipsTable {
  user_id: number
  tier: 'gold' | 'platinum' | 'ultimate' | 'trial'
  expire_timestamp: number
}
/** 012_membership.sql: accounts that cannot renew membership on the website (spec 001 §4) */
export interface RenewBlockedUsersTable {
  user_id: number
}
export interface Database {
  read_history: ReadHistoryTable
  memberships: MembershipsTable
  renew_blocked_users: RenewBlockedUsersTable
  portfolios: PortfoliosTable
  portfolio_adjustments: PortfolioAdjustmentsTable
  portfolio_adjust_items: PortfolioAdjustItemsTable
  portfolio_follows: PortfolioFollowsTable
  orders: OrdersTable
  pay_notifications: PayNotificationsTable
  pay_refunds: PayRefundsTable
  order_deliveries: OrderDeliveriesTable
  messages: MessagesTable
  violations: ViolationsTable
  shares: SharesTable
  complaints: ComplaintsTable
}

/** server/db/migrations/014_interaction.sql: what is stored under each upload key (server/uploads/uploads-repository.ts) */
export interface UploadsTable {
  storage_key: string
  user_id: number
  kind: 'image' | 'file'
  name: string
  extension: string
  content_type: string
  size: number
  create_timestamp: number
}
export interface Database {
  uploads: UploadsTable
}

/** server/db/migrations/025_circles.sql: financial circles (issue 27; server/circles/, one repository per table) */
export type CircleTypeColumn = 'FINANCIAL_CIRCLE' | 'GROUP' | 'COURSE' | 'LIVE_COLUMN'
export type CircleReviewColumn = 'reviewing' | 'approved' | 'rejected'
export interface CirclesTable {
  id: Generated<number>
  type: CircleTypeColumn
  name: string
  avatar: Generated<string>
  brief: Generated<string>
  intro: Generated<string>
  tip: Generated<string>
  owner_id: number
  /** null: free */
  goods_id: number | null
  review_status: Generated<'draft' | CircleReviewColumn>
  recommended: Generated<boolean>
  recommend_sort: Generated<number>
  create_timestamp: number
  /** 031: the owner's pinned announcement ('' none) */
  announcement: Generated<string>
  announcement_timestamp: number | null
  /** 032: a reviewer's reason when rejected (null otherwise) */
  reject_reason: Generated<string | null>
  /** 032: operate/sort, the order of an owner's circles */
  owner_sort: Generated<number>
}
/** server/db/migrations/032_circle_admin_circles.sql: operate/rights (server/circles/rights-repository.ts) */
export interface CircleRightsTable {
  id: Generated<number>
  circle_id: number
  title: string
  description: Generated<string>
  sort: Generated<number>
}
export interface CircleAdminsTable {
  circle_id: number
  user_id: number
  create_timestamp: number
}
export interface CircleMembersTable {
  circle_id: number
  user_id: number
  /** seconds; null: a free join, for good */
  expire_timestamp: number | null
  order_id: string | null
  join_timestamp: number
  read_timestamp: Generated<number>
  /** 031: privilege (spec 001 §6 momentPublishable in this circle) and mute */
  publishable: Generated<boolean>
  muted: Generated<boolean>
}
export interface CircleTagsTable {
  id: Generated<number>
  circle_id: number
  name: string
  is_default: Generated<boolean>
  admin_only: Generated<boolean>
  sort: Generated<number>
}
export interface CircleTopicsTable {
  id: Generated<number>
  circle_id: number
  name: string
  read_count: Generated<number>
}
export interface CircleFileColumn {
  url: string
  name: string
  extension: string
  icon: string
}
export interface CircleDynamicsTable {
  id: Generated<number>
  circle_id: number
  author_id: number
  kind: Generated<'dynamic' | 'question'>
  question_type: 'anonymity' | 'public' | null
  title: Generated<string>
  content: string
  picture_urls: Generated<string[]>
  files: ColumnType<CircleFileColumn[], string | undefined, string>
  topic_id: number | null
  ref_contents: Generated<string[]>
  risk_tip_id: number | null
  top: Generated<boolean>
  top_timestamp: number | null
  essence: Generated<boolean>
  ignored: Generated<boolean>
  status: Generated<CircleReviewColumn>
  review_due: number | null
  comments_closed: Generated<boolean>
  create_timestamp: number
  /** 031: set-preview: an outsider sees it as the intro's sample */
  preview: Generated<boolean>
}
export interface CircleDynamicTagsTable {
  dynamic_id: number
  tag_id: number
}
export interface CircleAnswersTable {
  dynamic_id: number
  author_id: number
  content: string
  status: Generated<CircleReviewColumn>
  review_due: number | null
  create_timestamp: number
}
export interface CircleCommentsTable {
  id: Generated<number>
  dynamic_id: number
  author_id: number
  content: string
  status: Generated<CircleReviewColumn>
  create_timestamp: number
  /** 028 */
  like_count: Generated<number>
}
/** 028_circle_social.sql: one like per reader of a comment under a circle's moment (server/circles/comment-likes-repository.ts) */
export interface CircleCommentLikesTable {
  comment_id: number
  user_id: number
  create_timestamp: number
}
export interface Database {
  circles: CirclesTable
  circle_admins: CircleAdminsTable
  circle_members: CircleMembersTable
  circle_tags: CircleTagsTable
  circle_topics: CircleTopicsTable
  circle_dynamics: CircleDynamicsTable
  circle_dynamic_tags: CircleDynamicTagsTable
  circle_answers: CircleAnswersTable
  circle_comments: CircleCommentsTable
  circle_comment_likes: CircleCommentLikesTable
  circle_rights: CircleRightsTable
}

/** server/db/migrations/026_certification.sql: creator-certification applications (server/certification/applications-repository.ts) */
export interface CertificationApplicationsTable {
  id: Generated<number>
  user_id: number
  applicant_type: 'person' | 'company'
  real_name: string
  company_name: Generated<string>
  weixin_id: string
  id_card_image: string
  image_id: string
  siaqc_number: string
  email: string
  other_platform_account_name: Generated<string>
  personal_profile: string
  status: ColumnType<'reviewing' | 'success' | 'failure', 'reviewing' | 'success' | 'failure' | undefined, 'reviewing' | 'success' | 'failure'>
  reject_reason: string | null
  reviewer_id: number | null
  /** seconds */
  create_time: number
  /** seconds; null while reviewing */
  review_time: number | null
}
/** server/db/migrations/026_certification.sql: whose identity-card image each is (server/certification/images-repository.ts) */
export interface CertificationImagesTable {
  image_id: string
  user_id: number
  create_time: number
}
export interface Database {
  certification_applications: CertificationApplicationsTable
  certification_images: CertificationImagesTable
}

/** server/db/migrations/027_circle_extras.sql: courses, live columns, the circle chatroom (server/courses/, server/circle-extras/) */
export interface CourseChaptersTable {
  id: Generated<number>
  circle_id: number
  sort: Generated<number>
  title: string
  content: Generated<string>
  picture_urls: Generated<string[]>
  video_key: string | null
  video_type: 'video/webm' | 'video/mp4' | null
  video_seconds: Generated<number>
  free: Generated<boolean>
  create_timestamp: number
}
export interface CourseProgressTable {
  user_id: number
  chapter_id: number
  circle_id: number
  position_seconds: Generated<number>
  completed: Generated<boolean>
  update_timestamp: number
}
export interface CircleChatGroupsTable {
  circle_id: number
  group_id: string
  create_timestamp: number
}
export interface Database {
  course_chapters: CourseChaptersTable
  course_progress: CourseProgressTable
  circle_chat_groups: CircleChatGroupsTable
}

/** server/db/migrations/035_course_videos.sql: videos uploaded for a course in the console (server/courses/videos-repository.ts) */
export interface CourseVideosTable {
  storage_key: string
  circle_id: number
  user_id: number
  content_type: 'video/webm' | 'video/mp4'
  name: string
  size: number
  create_timestamp: number
}
export interface Database {
  course_videos: CourseVideosTable
}

/** server/db/migrations/030_live.sql: live rooms, their comments, online sessions, reservations (server/live/) */
export interface LiveRoomsTable {
  /** from 1,000,000,000 up (core/live/limits.ts liveRouteKind) */
  id: Generated<number>
  circle_id: number
  service_type: Generated<'LIVE' | 'ROADSHOW'>
  title: string
  brief: Generated<string>
  cover: Generated<string>
  /** spec 001 §3 status codes (core/live/limits.ts LIVE_STATUS_CODES; -1 reads as 5) */
  status: Generated<number>
  start_mode: 'LIVE_PC' | 'LIVE_MOBILE' | 'OBS_PUSH' | 'FORWARD_PULL' | null
  keep_playback: Generated<boolean>
  invite_code: string | null
  /** seconds */
  start_timestamp: number
  live_start_timestamp: number | null
  end_timestamp: number | null
  playback_url: string | null
  playback_seconds: number | null
  visit_count: Generated<number>
  sort: Generated<number>
  chat_group_id: string | null
  create_timestamp: number
}
export interface LiveRoomGuestsTable {
  room_id: number
  user_id: number
}
export interface LiveCommentsTable {
  id: Generated<number>
  room_id: number
  user_id: number
  content: string
  tag: 'OWNER' | 'GUEST' | null
  create_timestamp: number
}
export interface LiveOnlineTable {
  video_id: number
  service_type: 'LIVE' | 'ROADSHOW'
  session_id: string
  user_id: number | null
  /** milliseconds of the server's clock */
  last_beat_ms: number
}
export interface LiveReservationsTable {
  room_id: number
  user_id: number
  create_timestamp: number
}
export interface LiveInvitePassesTable {
  room_id: number
  user_id: number
  create_timestamp: number
}
export interface LiveDevicesTable {
  room_id: number
  user_id: number
  device_id: string
  update_timestamp: number
}
/** server/db/migrations/033_circle_admin_live.sql: the console's live tabs (server/live/*-repository.ts) */
export interface LiveOnlinePeaksTable {
  room_id: number
  /** the minute's start, seconds */
  minute: number
  online: number
}
export interface LiveViewersTable {
  room_id: number
  user_id: number
  /** seconds */
  first_seen: number
  last_seen: number
}
export interface LiveKicksTable {
  room_id: number
  user_id: number
  operator_id: number
  create_timestamp: number
}
export interface Database {
  live_rooms: LiveRoomsTable
  live_room_guests: LiveRoomGuestsTable
  live_comments: LiveCommentsTable
  live_online: LiveOnlineTable
  live_reservations: LiveReservationsTable
  live_invite_passes: LiveInvitePassesTable
  live_devices: LiveDevicesTable
  live_online_peaks: LiveOnlinePeaksTable
  live_viewers: LiveViewersTable
  live_kicks: LiveKicksTable
}

/**
 * server/db/migrations/029_live_streams.sql: the streams the streaming port issued (server/streaming/streams-repository.ts).
 * bigint columns hold milliseconds: PostgreSQL hands them back as text, so the mapper takes Number() of them.
 */
type Millis = ColumnType<string | number, number, number>
export interface LiveStreamsTable {
  stream_name: string
  room_id: number
  mode: 'LIVE_PC' | 'LIVE_MOBILE' | 'OBS_PUSH' | 'FORWARD_PULL'
  source_url: string | null
  pull_task_id: string | null
  started_at: Millis
  live_ms: ColumnType<string | number, number | undefined, number>
  run_started_at: ColumnType<string | number | null, number | null, number | null>
  ended_at: ColumnType<string | number | null, number | null | undefined, number | null>
  playback_url: string | null
  playback_seconds: number | null
}
export interface Database {
  live_streams: LiveStreamsTable
}

/** server/db/migrations/037_geetest_challenges.sql: the GeeTest challenges issued, shared by every process (server/accounts/geetest-challenges-repository.ts) */
export interface GeetestChallengesTable {
  challenge: string
  target: string
  online: boolean
  /** ms; bigint, read back as text on PostgreSQL */
  created_at: ColumnType<string | number, number, number>
}
export interface Database {
  geetest_challenges: GeetestChallengesTable
}
