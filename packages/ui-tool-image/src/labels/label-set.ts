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
  | 'output.image'
  | 'output.imageUnnamed'
  | 'output.invalidImage'
  | 'output.unsupported'
  | 'message.user'
  | 'message.assistant'
  | 'message.context'
  | 'replay.label'
  | 'replay.problems'
  | 'replay.problemLine'
  | 'replay.otherEvents'
  | 'replay.otherEventsTable'
  | 'replay.eventType'
  | 'replay.eventCount'
  | 'lightbox.close'
  | 'lightbox.previous'
  | 'lightbox.next'
  | 'lightbox.actualSize'
  | 'lightbox.download'
  | 'lightbox.counter'
  | 'lightbox.stored'
  | 'lightbox.original'
  | 'lightbox.bytes'
  | 'lightbox.kibibytes'
  | 'lightbox.mebibytes'
  | 'image.untitled'
  | 'image.loading'
  | 'image.failed'
  | 'image.retry'
  | 'image.notAvailable'
  | 'gallery.label'
  | 'gallery.moreCount'
  | 'gallery.showMore'
  | 'gallery.imageProblem';

export type LabelSet = Readonly<Record<LabelKey, string>>;
