// The tabs of the circle pages that are path segments (spec 001 §2): shared by the routes and the pages,
// free of anything else so the route table stays light.
export const RECOMMENDATION_TABS = ['financial-circles', 'users'] as const
export type RecommendationTab = (typeof RECOMMENDATION_TABS)[number]

export const QUESTION_TABS = ['unanswered', 'answered'] as const
export type QuestionTab = (typeof QUESTION_TABS)[number]
