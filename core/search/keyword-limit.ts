// The longest search keyword (the box's maxLength and the server's check, core/api/search.ts).
export const KEYWORD_MAX = 50
