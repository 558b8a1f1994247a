import type { ToolRowState, ToolTitleKey } from '../model';

export type Locale = 'en' | 'zh-CN';

/** Every visible string of the cards. Both locales must define exactly these keys. */
export type LabelKey =
  | ToolTitleKey
  | `state.${ToolRowState}`
  | 'row.input'
  | 'row.output'
  | 'row.openFile'
  | 'row.noResult'
  | 'row.noArguments'
  | 'row.nestedCalls'
  | 'message.user'
  | 'message.assistant'
  | 'message.context'
  | 'replay.label'
  | 'replay.problems'
  | 'replay.problemLine';

export type LabelSet = Readonly<Record<LabelKey, string>>;
