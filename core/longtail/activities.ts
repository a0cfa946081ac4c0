// The activity pages of spec 000 §2 'Activity pages' and the activity portfolio of §9.

/** spec 000 §9, spec 001 §9: the activity portfolio id is 80 (reached at /portfolio/80). */
export const ACTIVITY_PORTFOLIO_CODE = '80'

/** spec 000 §2: /activity/20200928, 20201009, 20201023, 20201104, 20220117 (fixed pages). */
export const FIXED_ACTIVITIES = ['20200928', '20201009', '20201023', '20201104', '20220117'] as const
export type FixedActivity = (typeof FIXED_ACTIVITIES)[number]

/** spec 000 §2: /activity/20211115/{id?}: the portfolio contest; its id names a portfolio, 80 when absent. */
export const CONTEST_ACTIVITY = '20211115'

/**
 * The portfolio code an /activity/20211115/{id?} page shows: the id when it is a portfolio code (digits,
 * up to 9 so it fits an integer column), the activity portfolio otherwise; null for an id that cannot be one.
 */
export function contestPortfolioCode(id: string | undefined): string | null {
  if (id === undefined || id === '') return ACTIVITY_PORTFOLIO_CODE
  return /^[1-9][0-9]{0,8}$/.test(id) ? id : null
}
