/** The two interface scripts (spec 000 §1): simplified (default) and traditional Chinese. */
export type Script = 'zh-cn' | 'zh-hk'
