// The author's columns a circle row carries: the author's id from its own table and their profile joined
// from users (nick, avatar, brief), which the service turns into the contract's CircleUser. Moments,
// questions' answers and comments share them.
export interface AuthorColumns {
  author_id: number
  nick: string
  avatar: string
  brief: string
}
