// The chat feature's API module (design.md 'App state and the API layer'): the group-chat calls its
// views make, and the messaging port built from the server's userSig. Views take it through useChatApi().
import type { HttpPort } from '../../core/api/http-port'
import {
  addFriend,
  addressBook,
  batchOne2One,
  chatroomCheck,
  chatroomCheckMsg,
  checkConversation,
  createGroup,
  excelJoin,
  excelRemove,
  imUserSig,
  kickMember,
  memberSearch,
  muteAllMember,
  muteMember,
  receiveMessageOpt,
  removeRecords,
  roleCheck,
  setAdmin,
} from '../../core/api/chat'
import { fromCallback, fromPromise } from 'xstate'
import { createMessagingPort, joinChatroom, type ServerSignature } from '../../adapters/messaging/messaging-port'
import type { ChatMessage, MessagePage, MessagingClient } from '../../core/chat/messaging-port'
import { conversationMachine, type ConversationEvent, type ConversationOperation, type OutgoingMessage } from '../../core/chat/conversation.machine'
import { createGroupMachine } from '../../core/chat/create-group.machine'
import { messageHelperMachine } from '../../core/chat/message-helper.machine'
import { groupMembersMachine, type GroupMembersEvent, type GroupOperation, type GroupOperationOutcome, type MemberList } from '../../core/chat/group-members.machine'
import { useApi } from '../common/use-api'
import { endpointRead, type Read } from '../common/use-read'
import type { ResultOf } from '../../core/api/endpoint'
import { chatroomWithMessage } from '../../core/api/circle-extras'

export function chatApi(http: HttpPort) {
  return {
    messagingPort: (onImageProgress?: (percent: number) => void) =>
      createMessagingPort(async (): Promise<ServerSignature> => {
        const s = await http.call(imUserSig)
        return { sdkAppId: s.sdkAppId, userId: s.userId, userSig: s.userSig, service: s.service, socketPath: s.socketPath }
      }, onImageProgress ? { onImageProgress } : {}),
    createGroup: (name: string) => http.call(createGroup, { body: { name } }),
    /** spec 001 §7: muteTimeHour −1 mutes for ever (the default) */
    mute: (groupId: string, userId: string, muted: boolean, hours = -1) => http.call(muteMember, { body: { groupId, userId, muteStatus: muted, muteTimeHour: hours } }),
    muteAll: (groupId: string, muted: boolean) => http.call(muteAllMember, { body: { groupId, muteAllMember: muted } }),
    groupDetail: (groupId: string) => http.call(checkConversation, { params: { id: groupId } }),
    /** spec 001 §7 excel-join / excel-remove: multipart, field `file`, groupId in the query */
    importMembers: (groupId: string, file: Blob & { readonly name: string }, remove: boolean) => http.upload(remove ? excelRemove : excelJoin, { query: { groupId }, form: [['file', file, file.name]] }),
    chatroomCheckMsg: (id: number, content: string) => http.call(chatroomCheckMsg, { body: { id, content } }),
    kick: (groupId: string, userId: string) => http.call(kickMember, { body: { groupId, userId } }),
    /** the Owner makes a member Admin (admin true) or takes the role back (false); the server applies core's canSetAdmin */
    setAdmin: (groupId: string, userId: string, admin: boolean) => http.call(setAdmin, { body: { groupId, userId, admin } }),
    /** spec 001 §7 add-friend {toAccount, groupId}: opens the one-to-one conversation with a group member; answers its id */
    privateChat: async (groupId: string, userId: string) => (await http.call(addFriend, { body: { toAccount: userId, groupId } })).conversationID,
    members: (groupId: string, keyword: string, page: number) => http.call(memberSearch, { query: { groupId, keyword, page } }),
    receiveOpt: (conversationId: string, muted: boolean) => http.call(receiveMessageOpt, { body: { conversationIds: [conversationId], opt: muted ? 2 : 0 } }),
    helperSend: (groupIds: string[], content: string) => http.call(batchOne2One, { body: { groupIds, content } }),

    // reads, through the one read helper (ui/common/use-read.ts): keyed by endpoint and input, cancelled when no view watches
    /** GET role check: is the reader an Owner or Admin of any group (the message helper's link) */
    roleRead: (): Read<ResultOf<typeof roleCheck>> => endpointRead(http, roleCheck),
    /** GET /api/chatroom/check/v2 (the chief's chatroom without an id) */
    chatroomRead: (id: number | undefined): Read<ResultOf<typeof chatroomCheck>> => endpointRead(http, chatroomCheck, { query: id === undefined ? {} : { id } }),
    /** GET /api/financial-circle/chatroom-with-message/v1 (financialCircleId): a circle's chatroom, members only */
    circleChatroomRead: (financialCircleId: number): Read<ResultOf<typeof chatroomWithMessage>> => endpointRead(http, chatroomWithMessage, { query: { financialCircleId } }),
    /** the removal records the reader may read, a page of them */
    removalsRead: (operId: number, page: number): Read<ResultOf<typeof removeRecords>> => endpointRead(http, removeRecords, { params: { operId: String(operId) }, query: { page } }),
    /** the whole address book (spec 001 §7 POST address-book: a read that carries its filter in a body; the view filters by name itself) */
    addressBookRead: (): Read<ResultOf<typeof addressBook>> => ({
      key: { endpoint: addressBook.name, as: 'all' },
      load: (signal) => http.call(addressBook, { body: {} }, { signal }),
    }),
  }
}
export type ChatApi = ReturnType<typeof chatApi>
export const useChatApi = () => useApi(chatApi)

/**
 * The conversation machine (core/chat/conversation.machine.ts) and its member list, fed by the
 * messaging client and the group-chat calls above. `now` is the services' clock (ms): the member
 * list remembers when it was read, and core's isMutedNow judges mutes at that time.
 */
export function conversationLogic(
  client: MessagingClient,
  api: ChatApi,
  options: {
    readonly now: () => number
    /** after a group operation: the reads it changed (address book, role, removal records) load again */
    readonly invalidate: (prefix: string) => unknown
    /** a chatroom's check of each text before it is sent */
    readonly checkText?: ((text: string) => Promise<{ pass: boolean; message: string }>) | undefined
  },
) {
  const { now, invalidate, checkText } = options
  const members = groupMembersMachine.provide({
    actors: {
      loadMembers: fromPromise<MemberList, { readonly groupId: string }>(async ({ input }) => ({
        members: await client.getGroupMemberList(input.groupId),
        readAt: Math.floor(now() / 1000),
      })),
      loadSettings: fromPromise<{ readonly muteAll: boolean }, { readonly groupId: string }>(async ({ input }) => ({ muteAll: (await api.groupDetail(input.groupId)).muteAllMember })),
      operate: fromPromise<GroupOperationOutcome, { readonly groupId: string; readonly operation: GroupOperation }>(async ({ input }) => {
        const outcome = await groupOperation(api, input.groupId, input.operation)
        invalidate('groupChat.')
        invalidate('chatRoom.')
        return outcome
      }),
      listen: fromCallback<GroupMembersEvent, { readonly groupId: string }>(({ input, sendBack }) => {
        const changed = (e: { groupID: string }) => e.groupID === input.groupId && sendBack({ type: 'members.changed' })
        client.on('members.changed', changed)
        return () => client.off('members.changed', changed)
      }),
    },
  })
  return conversationMachine.provide({
    actors: {
      // both clients join an open group (a chatroom) themselves; core's port has no such call
      joinGroup: fromPromise<void, { readonly groupId: string }>(({ input }) => joinChatroom(client, input.groupId)),
      loadHistory: fromPromise<MessagePage, { readonly conversationId: string; readonly before: string | null }>(({ input }) =>
        client.getMessageList(input.conversationId, input.before ?? undefined),
      ),
      checkText: fromPromise<{ readonly pass: boolean; readonly message: string }, { readonly text: string }>(({ input }) =>
        checkText ? checkText(input.text) : Promise.resolve({ pass: true, message: '' }),
      ),
      sendMessage: fromPromise<ChatMessage, { readonly conversationId: string; readonly message: OutgoingMessage }>(({ input }) => {
        const to = { conversationID: input.conversationId }
        const { image, text, atUserList } = input.message
        if (image !== null) return client.sendImageMessage(to, image)
        return atUserList.length > 0 ? client.sendAtTextMessage(to, text, atUserList) : client.sendTextMessage(to, text)
      }),
      operate: fromPromise<void, { readonly conversationId: string; readonly operation: ConversationOperation }>(async ({ input }) => {
        const op = input.operation
        if (op.kind === 'revoke') await client.revokeMessage(op.message)
        else if (op.kind === 'pin') await client.pinConversation(input.conversationId, op.pinned)
        else await api.receiveOpt(input.conversationId, op.muted)
      }),
      listen: fromCallback<ConversationEvent, { readonly conversationId: string }>(({ sendBack }) => {
        const received = (e: { messages: readonly ChatMessage[] }) => sendBack({ type: 'messages.received', messages: e.messages })
        const changed = (e: { messages: readonly ChatMessage[] }) => sendBack({ type: 'messages.changed', messages: e.messages })
        client.on('messages.received', received)
        client.on('messages.revoked', changed)
        client.on('messages.modified', changed)
        return () => {
          client.off('messages.received', received)
          client.off('messages.revoked', changed)
          client.off('messages.modified', changed)
        }
      }),
      groupMembers: members,
    },
    // marking read may fail (offline): the next message marks it again
    actions: { markRead: (_, params) => void client.setMessageRead(params.conversationId).catch(() => undefined) },
  })
}

async function groupOperation(api: ChatApi, groupId: string, op: GroupOperation): Promise<GroupOperationOutcome> {
  switch (op.kind) {
    case 'mute':
      await api.mute(groupId, op.userId, op.muted, op.hours)
      return { kind: 'done' }
    case 'kick':
      await api.kick(groupId, op.userId)
      return { kind: 'done' }
    case 'setAdmin':
      await api.setAdmin(groupId, op.userId, op.admin)
      return { kind: 'done' }
    case 'privateChat':
      return { kind: 'open', conversationId: await api.privateChat(groupId, op.userId) }
    case 'muteAll':
      return { kind: 'muteAll', muted: (await api.muteAll(groupId, op.muted)).muteAllMember }
    case 'import': {
      // the view hands the picked File itself (core names only what it reads of it)
      if (!(op.file instanceof Blob)) throw new Error('not a file')
      const r = await api.importMembers(groupId, op.file, op.remove)
      return { kind: 'imported', outcome: { remove: op.remove, changed: r.userIds.length, unchanged: r.unchanged.length, notFound: r.notFound.length } }
    }
  }
}

/** The create-group form's machine (core/chat/create-group.machine.ts); after a group is made, the reads it changes load again. */
export function createGroupLogic(api: ChatApi, invalidate: (prefix: string) => unknown) {
  return createGroupMachine.provide({
    actors: {
      createGroup: fromPromise<{ readonly groupId: string }, { readonly name: string }>(async ({ input }) => {
        const group = await api.createGroup(input.name)
        // the reader now runs a group: the message helper's link and the address book read again
        invalidate('groupChat.')
        return group
      }),
    },
  })
}

/** The message helper's machine (core/chat/message-helper.machine.ts). */
export function messageHelperLogic(api: ChatApi) {
  return messageHelperMachine.provide({
    actors: {
      send: fromPromise<{ readonly sent: number; readonly conversations: number }, { readonly groupIds: readonly string[]; readonly content: string }>(({ input }) =>
        api.helperSend([...input.groupIds], input.content),
      ),
    },
  })
}
