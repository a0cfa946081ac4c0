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
import { createMessagingPort, type ServerSignature } from '../../adapters/messaging/messaging-port'
import { useApi } from '../common/use-api'

export function chatApi(http: HttpPort) {
  return {
    messagingPort: (onImageProgress?: (percent: number) => void) =>
      createMessagingPort(async (): Promise<ServerSignature> => {
        const s = await http.call(imUserSig)
        return { sdkAppId: s.sdkAppId, userId: s.userId, userSig: s.userSig, service: s.service, socketPath: s.socketPath }
      }, onImageProgress ? { onImageProgress } : {}),
    isGroupAdminOrOwner: async () => (await http.call(roleCheck)).isGroupAdminOrOwner,
    createGroup: (name: string) => http.call(createGroup, { body: { name } }),
    /** spec 001 §7: muteTimeHour −1 mutes for ever (the default) */
    mute: (groupId: string, userId: string, muted: boolean, hours = -1) => http.call(muteMember, { body: { groupId, userId, muteStatus: muted, muteTimeHour: hours } }),
    muteAll: (groupId: string, muted: boolean) => http.call(muteAllMember, { body: { groupId, muteAllMember: muted } }),
    groupDetail: (groupId: string) => http.call(checkConversation, { params: { id: groupId } }),
    /** spec 001 §7 excel-join / excel-remove: multipart, field `file`, groupId in the query */
    importMembers: (groupId: string, file: File, remove: boolean) => http.upload(remove ? excelRemove : excelJoin, { query: { groupId }, form: [['file', file, file.name]] }),
    removals: (operId: number, page: number) => http.call(removeRecords, { params: { operId: String(operId) }, query: { page } }),
    chatroom: (id: number | undefined) => http.call(chatroomCheck, { query: id === undefined ? {} : { id } }),
    chatroomCheckMsg: (id: number, content: string) => http.call(chatroomCheckMsg, { body: { id, content } }),
    kick: (groupId: string, userId: string) => http.call(kickMember, { body: { groupId, userId } }),
    /** the Owner makes a member Admin (admin true) or takes the role back (false); the server applies core's canSetAdmin */
    setAdmin: (groupId: string, userId: string, admin: boolean) => http.call(setAdmin, { body: { groupId, userId, admin } }),
    /** spec 001 §7 add-friend {toAccount, groupId}: opens the one-to-one conversation with a group member; answers its id */
    privateChat: async (groupId: string, userId: string) => (await http.call(addFriend, { body: { toAccount: userId, groupId } })).conversationID,
    members: (groupId: string, keyword: string, page: number) => http.call(memberSearch, { query: { groupId, keyword, page } }),
    receiveOpt: (conversationId: string, muted: boolean) => http.call(receiveMessageOpt, { body: { conversationIds: [conversationId], opt: muted ? 2 : 0 } }),
    addressBook: (keyword: string) => http.call(addressBook, { body: keyword ? { keyword } : {} }),
    helperSend: (groupIds: string[], content: string) => http.call(batchOne2One, { body: { groupIds, content } }),
  }
}
export type ChatApi = ReturnType<typeof chatApi>
export const useChatApi = () => useApi(chatApi)
