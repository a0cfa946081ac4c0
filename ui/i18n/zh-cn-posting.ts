// zh-cn strings of posting and interaction (issue 12): the discussion dialog, comments, the
// personal area's lists, the bell and the message pages. Merged into zh-cn.ts under 'posting';
// zh-hk is generated (npm run i18n:gen). Texts the spec names are quoted from it.
export const posting = {
  my: {
    publish: '我的发布',
    favorite: '我的收藏',
    comment: '我的评论',
    reading: '阅读历史',
    commentMe: '评论我的',
    on: '评论于',
  },
  status: {
    reviewing: '审核中',
    rejected: '未通过',
  },
  dialog: {
    title: '发讨论',
    titlePlaceholder: '标题（选填）',
    titleLabel: '标题',
    bodyPlaceholder: '分享你的投资观点…',
    bodyLabel: '正文',
    topic: '话题',
    noTopic: '不选择话题',
    stocks: '股票',
    stockPlaceholder: '输入股票代码或名称，如 00700',
    stockAdd: '添加',
    stockRemove: '移除 {{name}}',
    images: '图片',
    addImages: '添加图片',
    imageCount: '{{n}}/{{max}}',
    removeImage: '删除图片 {{name}}',
    cancelUpload: '取消上传 {{name}}',
    uploadProgress: '{{name}} 上传进度',
    uploadFailed: '上传失败',
    send: '发布',
    sending: '发布中…',
    close: '关闭',
    cancel: '取消',
    // spec 000 §8: status 200 shows '已发布<br>内容审核中'
    publishedLine1: '已发布',
    publishedLine2: '内容审核中',
    ok: '我知道了',
    // spec 000 §8: default dialog title 'friendly reminder'
    notice: '温馨提示',
    riskTitle: '请选择风险类别',
    riskHint: '发布前请为内容选择风险类别',
    confirm: '确定',
  },
} as const
