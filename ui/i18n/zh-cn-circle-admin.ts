// zh-cn strings of the circle-admin console's frame (issue 29; spec 001 §2 'Circle admin'): its title and
// left menu (core/circle-admin/menu.ts). Each area's own texts live in their own file
// (zh-cn-circle-admin-<area>.ts, namespace circleAdmin<Area>), so five engineers never edit one file.
// Merged into zh-cn.ts; zh-hk is generated (npm run i18n:gen).
export const circleAdmin = {
  title: '圈子管理',
  pageTitle: '{{title}} - 圈子管理',
  menu: {
    circle: '圈子',
    circleList: '圈子列表',
    circleUsers: '圈子用户',
    community: '社群',
    communityList: '社群列表',
    communitySummary: '社群概况',
    communityUsers: '社群用户',
    course: '课程',
    courseList: '课程列表',
    courseContent: '课程内容',
    courseUsers: '课程用户',
    live: '直播',
    liveColumns: '直播专栏',
    liveList: '直播列表',
    liveUsers: '直播用户',
    data: '数据',
    dataOrder: '订单数据',
    dataSale: '销售数据',
    dataUser: '用户数据',
    operate: '运营',
    operateRights: '会员权益',
    operateSort: '内容排序',
  },
  // the console's shared pieces (ui/circle-admin/parts.tsx)
  pager: {
    page: '第 {{page}} / {{pages}} 页，共 {{total}} 条',
    prev: '上一页',
    next: '下一页',
  },
  cancel: '取消',
  confirm: '确定',
  search: '搜索',
  notCertifiedHint: '圈子管理后台仅对已通过投顾认证的用户或圈子管理员开放。',
  goCertify: '去认证',
}
