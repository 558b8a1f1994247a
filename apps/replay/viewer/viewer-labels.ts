import type { Locale } from '@toolcard/ui-tool-image';

import { counted } from './counted';
import type { Theme } from './theme';

/** The viewer's own words around the cards (the cards bring their own labels for both locales). */
export interface ViewerLabels {
  readonly title: string;
  readonly language: string;
  readonly theme: string;
  readonly themes: Readonly<Record<Theme, string>>;
  readonly followEnd: string;
  readonly reading: (bytes: number, total: number) => string;
  /** The name of the progress bar shown while a big log is read. */
  readonly readingProgress: string;
  readonly live: (events: number) => string;
  /** The status of an exported file: the whole log, as it stood when exported. */
  readonly complete: (events: number) => string;
  /** An exported file cut down to a filter (`filter` as `--filter` writes it): what it holds of the session. */
  readonly exportedWithFilter: (filter: string, calls: number, of: number) => string;
  /** The button that downloads the session, as the find bar filters it, as one HTML file. */
  readonly exportFile: string;
  readonly exportFileHint: string;
  readonly disconnected: string;
  /** An exported file whose log cannot be read (FollowStatus `unreadable`). */
  readonly unreadable: string;
  readonly noStore: string;
  readonly loading: string;
  /** The link from a session back to the workbench's index. */
  readonly allSessions: string;
  /** The link from a session opened from a comparison back to that comparison. */
  readonly backToComparison: string;
  readonly noSuchSession: (id: string) => string;
  readonly serverUnreachable: string;
}

const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(1);

export const VIEWER_LABELS: Readonly<Record<Locale, ViewerLabels>> = {
  en: {
    title: 'Session replay',
    language: 'Language',
    theme: 'Theme',
    themes: { system: 'System', light: 'Light', dark: 'Dark' },
    followEnd: 'Follow the end of the log',
    reading: (bytes, total) => `Reading the log: ${megabytes(bytes)} of ${megabytes(total)} MB`,
    readingProgress: 'Reading the log',
    live: (events) => `Live: ${counted(events, 'event', 'events')}; lines appended to the file appear here.`,
    complete: (events) => `${counted(events, 'event', 'events')}, exported with their images and verdicts (read-only).`,
    exportedWithFilter: (filter, calls, of) => `Exported with filter: ${filter} (${calls} of ${counted(of, 'call', 'calls')}, with their messages and images).`,
    exportFile: 'Export',
    exportFileHint: 'Download this session, opening with the current filter, as one HTML file that opens without a server',
    disconnected: 'Lost the connection to the replay server; retrying…',
    unreadable: 'This file’s log cannot be read: the file was cut short or changed after it was exported (saved in another encoding?). Export it again.',
    noStore: 'No attachment store was given (--store): images show as not in the store.',
    loading: 'Loading the log…',
    allSessions: 'All sessions',
    backToComparison: 'Back to the comparison',
    noSuchSession: (id) => `No session ${JSON.stringify(id)} in the folders this server was given (moved or deleted?).`,
    serverUnreachable: 'The replay server cannot be reached; retrying…',
  },
  'zh-CN': {
    title: '会话回放',
    language: '语言',
    theme: '主题',
    themes: { system: '跟随系统', light: '浅色', dark: '深色' },
    followEnd: '跟随日志末尾',
    reading: (bytes, total) => `正在读取日志：${megabytes(bytes)} / ${megabytes(total)} MB`,
    readingProgress: '正在读取日志',
    live: (events) => `实时：${events} 个事件；追加到文件的行会显示在这里。`,
    complete: (events) => `${events} 个事件，连同图片和评审结论一起导出（只读）。`,
    exportedWithFilter: (filter, calls, of) => `按筛选导出：${filter}（${of} 个调用中的 ${calls} 个，连同其消息和图片）。`,
    exportFile: '导出',
    exportFileHint: '将此会话（以当前筛选打开）下载为一个无需服务器即可打开的 HTML 文件',
    disconnected: '与回放服务器的连接已断开，正在重试…',
    unreadable: '无法读取此文件中的日志：文件在导出后被截断或修改（以其他编码保存？）。请重新导出。',
    noStore: '未指定附件存储（--store）：图片显示为不在存储中。',
    loading: '正在加载日志…',
    allSessions: '所有会话',
    backToComparison: '返回比较',
    noSuchSession: (id) => `此服务器所给的文件夹中没有会话 ${JSON.stringify(id)}（已移动或删除？）。`,
    serverUnreachable: '无法连接回放服务器，正在重试…',
  },
};
