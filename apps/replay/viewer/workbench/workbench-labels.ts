import type { Locale } from '@toolcard/ui-tool-image';

import type { ReviewProgress } from '../../wire/workbench';
import { counted } from '../counted';
import type { DurationParts } from './cell-text';
import type { ReviewState } from './session-facets';
import type { SortKey } from './session-sort';

/** The columns whose cells are counts: on a narrow screen each count is followed by its unit. */
export type CountColumn = 'calls' | 'image-calls' | 'images' | 'failed' | 'problems';

/** The workbench index's words. */
export interface WorkbenchLabels {
  readonly heading: string;
  /** The table's accessible name. */
  readonly table: string;
  readonly columns: Readonly<Record<SortKey, string>>;
  /** After a count on a narrow screen, where the column headers are not above it ("12 calls"). */
  readonly units: Readonly<Record<CountColumn, string>>;
  /** The search box's accessible name and placeholder. */
  readonly search: string;
  readonly searchPlaceholder: string;
  readonly facets: Readonly<Record<'format' | 'images' | 'failures' | 'tool' | 'review', string>>;
  readonly any: string;
  readonly unknownFormat: string;
  readonly withImages: Readonly<Record<'yes' | 'no', string>>;
  readonly withFailures: Readonly<Record<'yes' | 'no', string>>;
  readonly reviewStates: Readonly<Record<ReviewState, string>>;
  /** A facet value with the rows choosing it would show. */
  readonly withCount: (value: string, count: number) => string;
  readonly clearFilters: string;
  /** A row's checkbox: the session chosen as one of the two to compare. */
  readonly selectToCompare: (title: string) => string;
  /** The button opening the comparison of the two sessions checked. */
  readonly compare: string;
  readonly compareHint: (selected: number) => string;
  readonly count: (shown: number, total: number) => string;
  readonly loading: string;
  readonly scanning: (found: number) => string;
  readonly unreachable: (retrySeconds: number) => string;
  readonly empty: (roots: readonly string[]) => string;
  readonly noMatch: string;
  readonly searching: string;
  readonly searchFailed: string;
  readonly progress: (review: ReviewProgress) => string;
  readonly duration: (parts: DurationParts) => string;
  /** A cell with nothing to say (no time recorded). */
  readonly none: string;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

export const WORKBENCH_LABELS: Readonly<Record<Locale, WorkbenchLabels>> = {
  en: {
    heading: 'Sessions',
    table: 'Sessions',
    columns: {
      title: 'Session',
      format: 'Format',
      started: 'Started',
      duration: 'Duration',
      calls: 'Calls',
      'image-calls': 'Image calls',
      images: 'Images',
      failed: 'Failed calls',
      problems: 'Problems',
      review: 'Review',
    },
    units: { calls: 'calls', 'image-calls': 'image calls', images: 'images', failed: 'failed', problems: 'problems' },
    search: 'Search sessions',
    searchPlaceholder: 'Prompts, arguments, results, notes…',
    facets: { format: 'Format', images: 'Images', failures: 'Failed calls', tool: 'Tool', review: 'Review' },
    any: 'Any',
    unknownFormat: 'unknown',
    withImages: { yes: 'With images', no: 'Without images' },
    withFailures: { yes: 'With failed calls', no: 'Without failed calls' },
    reviewStates: { unreviewed: 'Unreviewed', partly: 'Partly reviewed', reviewed: 'Reviewed', failed: 'With failed verdicts' },
    withCount: (value, count) => `${value} (${count})`,
    clearFilters: 'Clear filters',
    selectToCompare: (title) => `Select ${title} to compare`,
    compare: 'Compare',
    compareHint: (selected) => (selected === 2 ? 'Two sessions selected.' : `Select two sessions to compare (${String(selected)} selected).`),
    count: (shown, total) => `${shown} of ${counted(total, 'session', 'sessions')}`,
    loading: 'Loading the sessions…',
    scanning: (found) => `Scanning… ${counted(found, 'session', 'sessions')} so far`,
    unreachable: (retrySeconds) => `Cannot reach the workbench server; retrying in ${retrySeconds} s…`,
    empty: (roots) => (roots.length === 0 ? 'No session files found under the paths given.' : `No session files found under ${roots.join(', ')}.`),
    noMatch: 'No session matches these filters.',
    searching: 'Searching…',
    searchFailed: 'The search could not be answered; the list is not narrowed by it.',
    progress: ({ reviewed, of, failed }) => (of === 0 ? 'Nothing to review' : `${reviewed} of ${of} reviewed${failed > 0 ? `, ${failed} failed` : ''}`),
    duration: ({ hours, minutes, seconds }) =>
      hours > 0 ? `${hours} h ${twoDigits(minutes)} min` : minutes > 0 ? `${minutes} min ${twoDigits(seconds)} s` : `${seconds} s`,
    none: '—',
  },
  'zh-CN': {
    heading: '会话',
    table: '会话',
    columns: {
      title: '会话',
      format: '格式',
      started: '开始时间',
      duration: '时长',
      calls: '调用',
      'image-calls': '图片调用',
      images: '图片',
      failed: '失败调用',
      problems: '问题',
      review: '审阅',
    },
    units: { calls: '次调用', 'image-calls': '次图片调用', images: '张图片', failed: '次失败', problems: '个问题' },
    search: '搜索会话',
    searchPlaceholder: '提示、参数、结果、备注…',
    facets: { format: '格式', images: '图片', failures: '失败调用', tool: '工具', review: '审阅' },
    any: '全部',
    unknownFormat: '未知',
    withImages: { yes: '有图片', no: '无图片' },
    withFailures: { yes: '有失败调用', no: '无失败调用' },
    reviewStates: { unreviewed: '未审阅', partly: '部分审阅', reviewed: '已审阅', failed: '有不通过' },
    withCount: (value, count) => `${value}（${count}）`,
    clearFilters: '清除筛选',
    selectToCompare: (title) => `选择 ${title} 进行比较`,
    compare: '比较',
    compareHint: (selected) => (selected === 2 ? '已选择两个会话。' : `选择两个会话进行比较（已选择 ${String(selected)} 个）。`),
    count: (shown, total) => `显示 ${shown} / ${total} 个会话`,
    loading: '正在加载会话…',
    scanning: (found) => `正在扫描… 已找到 ${found} 个会话`,
    unreachable: (retrySeconds) => `无法连接工作台服务器，${retrySeconds} 秒后重试…`,
    empty: (roots) => (roots.length === 0 ? '给定路径下没有会话文件。' : `${roots.join('、')} 下没有会话文件。`),
    noMatch: '没有符合这些筛选条件的会话。',
    searching: '正在搜索…',
    searchFailed: '搜索未能完成；列表未按搜索筛选。',
    progress: ({ reviewed, of, failed }) => (of === 0 ? '无需审阅' : `已审阅 ${reviewed} / ${of}${failed > 0 ? `，${failed} 个不通过` : ''}`),
    duration: ({ hours, minutes, seconds }) =>
      hours > 0 ? `${hours} 小时 ${twoDigits(minutes)} 分` : minutes > 0 ? `${minutes} 分 ${twoDigits(seconds)} 秒` : `${seconds} 秒`,
    none: '—',
  },
};
