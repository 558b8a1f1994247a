import type { Locale } from '@toolcard/ui-tool-image';

/** The review's words, in the viewer's two languages. */
export interface ReviewLabels {
  readonly pass: string;
  readonly fail: string;
  readonly note: string;
  readonly copyLink: string;
  readonly noteField: string;
  readonly save: string;
  readonly cancel: string;
  readonly callGroup: string;
  readonly imageGroup: string;
  readonly filters: string;
  readonly filter: Readonly<Record<'unreviewed' | 'failed' | 'notes', string>>;
  readonly linkCopied: string;
  readonly linkNotCopied: (url: string) => string;
  readonly loadFailed: (reason: string) => string;
  readonly saveFailed: (reason: string) => string;
  readonly readOnly: string;
  readonly noUnreviewed: string;
}

export const REVIEW_LABELS: Readonly<Record<Locale, ReviewLabels>> = {
  en: {
    pass: 'Pass',
    fail: 'Fail',
    note: 'Note',
    copyLink: 'Copy link',
    noteField: 'Note',
    save: 'Save note',
    cancel: 'Cancel',
    callGroup: 'Review of this call',
    imageGroup: 'Review of this image',
    filters: 'Review',
    filter: { unreviewed: 'Unreviewed', failed: 'Failed', notes: 'With notes' },
    linkCopied: 'Link copied.',
    linkNotCopied: (url) => `Could not copy; the link is ${url}`,
    loadFailed: (reason) => `Verdicts could not be loaded: ${reason}`,
    saveFailed: (reason) => `The verdict was not saved and is undone: ${reason}`,
    readOnly: 'Verdicts are read-only on this page.',
    noUnreviewed: 'No call without a verdict that way.',
  },
  'zh-CN': {
    pass: '通过',
    fail: '不通过',
    note: '备注',
    copyLink: '复制链接',
    noteField: '备注',
    save: '保存备注',
    cancel: '取消',
    callGroup: '评审此调用',
    imageGroup: '评审此图片',
    filters: '评审',
    filter: { unreviewed: '未评审', failed: '不通过', notes: '有备注' },
    linkCopied: '链接已复制。',
    linkNotCopied: (url) => `无法复制；链接是 ${url}`,
    loadFailed: (reason) => `无法加载评审结果：${reason}`,
    saveFailed: (reason) => `评审结果未保存，已撤销：${reason}`,
    readOnly: '此页面上的评审结果为只读。',
    noUnreviewed: '该方向没有未评审的调用。',
  },
};
