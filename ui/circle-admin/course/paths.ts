// The console's course paths (spec 001 §2 circle admin course/list, course/content, course/user-list):
// a module of their own, so the route table (in the entry chunk) takes only these strings.
export const COURSE_LIST_PATH = '/circle-admin/course/list'
export const COURSE_CONTENT_PATH = '/circle-admin/course/content'
export const COURSE_USERS_PATH = '/circle-admin/course/user-list'
