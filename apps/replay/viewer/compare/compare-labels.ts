import type { Locale } from '@toolcard/ui-tool-image';

import { counted } from '../counted';
import type { RowKind } from './align-calls';
import type { Side } from './compare-protocol';

/** The comparison page's words. The four row kinds are contract words (other people's tests read them): keep the English ones exactly. */
export interface CompareLabels {
  readonly heading: string;
  readonly kinds: Readonly<Record<RowKind, string>>;
  readonly side: Readonly<Record<Side, string>>;
  readonly summary: (counts: Readonly<Record<RowKind, number>>) => string;
  readonly onlyDifferences: string;
  readonly nextDifference: string;
  readonly previousDifference: string;
  readonly keysHint: string;
  readonly loadingSide: (side: string) => string;
  readonly readingSide: (side: string, percent: number) => string;
  readonly aligning: string;
  /** The alignment on an exported file's page, as far as it has gone. */
  readonly aligningPercent: (percent: number) => string;
  readonly alignedSoFar: (rows: number, total: number) => string;
  readonly missingSide: (side: string, id: string) => string;
  readonly disconnectedSide: (side: string) => string;
  readonly unreadableSide: (side: string) => string;
  readonly workerFailed: string;
  readonly bothEmpty: string;
  readonly identical: string;
  readonly noDifferences: string;
  readonly rowName: (index: number, kind: string) => string;
  readonly noArguments: string;
  readonly outcome: Readonly<Record<'ok' | 'failed' | 'stopped' | 'running', string>>;
  readonly differs: { readonly args: string; readonly outcome: string; readonly resultText: string; readonly images: string };
  readonly imageSame: (index: number) => string;
  readonly imageChanged: (index: number) => string;
  readonly imageOnlyIn: (index: number, side: string) => string;
  readonly compareImages: string;
  readonly textCut: (characters: number) => string;
  readonly messageImages: (count: number) => string;
  readonly afterLastCall: string;
  readonly exportFile: string;
  readonly exportFileHint: string;
}

export const COMPARE_LABELS: Readonly<Record<Locale, CompareLabels>> = {
  en: {
    heading: 'Compare two runs',
    kinds: { same: 'Same', changed: 'Changed', 'only-a': 'Only in A', 'only-b': 'Only in B' },
    side: { a: 'A', b: 'B' },
    summary: (counts) =>
      `${String(counts.same)} Same · ${String(counts.changed)} Changed · ${String(counts['only-a'])} Only in A · ${String(counts['only-b'])} Only in B`,
    onlyDifferences: 'Only differences',
    nextDifference: 'Next difference',
    previousDifference: 'Previous difference',
    keysHint: 'Keys: n next difference, N previous difference.',
    loadingSide: (side) => `${side}: loading…`,
    readingSide: (side, percent) => `${side}: reading the log, ${String(percent)} %`,
    aligning: 'Aligning the calls…',
    aligningPercent: (percent) => `Aligning the calls: ${String(percent)} %`,
    alignedSoFar: (rows, total) => `${String(rows)} of ${counted(total, 'row', 'rows')} received…`,
    missingSide: (side, id) => `${side} cannot be loaded: no session ${JSON.stringify(id)} on this server (moved or deleted?).`,
    disconnectedSide: (side) => `${side}: lost the connection to the replay server; retrying…`,
    unreadableSide: (side) => `${side}: this file’s log cannot be read (cut short or changed after it was exported). Export it again.`,
    workerFailed: 'The comparison could not run in this browser (its worker failed to start).',
    bothEmpty: 'Neither session has a tool call: nothing to compare.',
    identical: 'The two sessions made the same calls with the same results.',
    noDifferences: 'No differences to show.',
    rowName: (index, kind) => `Row ${String(index)}: ${kind}`,
    noArguments: '(no arguments)',
    outcome: { ok: 'ok', failed: 'failed', stopped: 'stopped', running: 'no result' },
    differs: { args: 'Arguments', outcome: 'Outcome', resultText: 'Result text', images: 'Images' },
    imageSame: (index) => `Image ${String(index)}: same`,
    imageChanged: (index) => `Image ${String(index)}: changed`,
    imageOnlyIn: (index, side) => `Image ${String(index)}: only in ${side}`,
    compareImages: 'Compare images',
    textCut: (characters) => `(compared on the first ${String(characters)} characters)`,
    messageImages: (count) => counted(count, 'image', 'images'),
    afterLastCall: 'After the last call',
    exportFile: 'Export',
    exportFileHint: 'Download this comparison, both sessions with their images, as one HTML file that opens without a server',
  },
  'zh-CN': {
    heading: '比较两次运行',
    kinds: { same: '相同', changed: '已更改', 'only-a': '仅在 A 中', 'only-b': '仅在 B 中' },
    side: { a: 'A', b: 'B' },
    summary: (counts) =>
      `${String(counts.same)} 相同 · ${String(counts.changed)} 已更改 · ${String(counts['only-a'])} 仅在 A 中 · ${String(counts['only-b'])} 仅在 B 中`,
    onlyDifferences: '仅显示差异',
    nextDifference: '下一个差异',
    previousDifference: '上一个差异',
    keysHint: '按键：n 下一个差异，N 上一个差异。',
    loadingSide: (side) => `${side}：正在加载…`,
    readingSide: (side, percent) => `${side}：正在读取日志，${String(percent)} %`,
    aligning: '正在对齐调用…',
    aligningPercent: (percent) => `正在对齐调用：${String(percent)} %`,
    alignedSoFar: (rows, total) => `已收到 ${String(rows)} / ${String(total)} 行…`,
    missingSide: (side, id) => `无法加载 ${side}：此服务器上没有会话 ${JSON.stringify(id)}（已移动或删除？）。`,
    disconnectedSide: (side) => `${side}：与回放服务器的连接已断开，正在重试…`,
    unreadableSide: (side) => `${side}：无法读取此文件中的日志（导出后被截断或修改）。请重新导出。`,
    workerFailed: '此浏览器无法运行比较（其 worker 启动失败）。',
    bothEmpty: '两个会话都没有工具调用：没有可比较的内容。',
    identical: '两个会话进行了相同的调用，结果也相同。',
    noDifferences: '没有可显示的差异。',
    rowName: (index, kind) => `第 ${String(index)} 行：${kind}`,
    noArguments: '（无参数）',
    outcome: { ok: '成功', failed: '失败', stopped: '已停止', running: '无结果' },
    differs: { args: '参数', outcome: '结果状态', resultText: '结果文本', images: '图片' },
    imageSame: (index) => `图片 ${String(index)}：相同`,
    imageChanged: (index) => `图片 ${String(index)}：已更改`,
    imageOnlyIn: (index, side) => `图片 ${String(index)}：仅在 ${side} 中`,
    compareImages: '比较图片',
    textCut: (characters) => `（仅比较前 ${String(characters)} 个字符）`,
    messageImages: (count) => `${String(count)} 张图片`,
    afterLastCall: '最后一次调用之后',
    exportFile: '导出',
    exportFileHint: '将此比较（两个会话及其图像）下载为一个无需服务器即可打开的 HTML 文件',
  },
};
