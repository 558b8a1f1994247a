import type { ToolCardProviderProps } from '@toolcard/ui-tool-image';

/**
 * What a story sets under `parameters.toolcard` to configure its `ToolCardProvider` (a slow,
 * failing or URL loader, a locale, `onOpenFile`, …). The query client is not among them: every
 * story render gets a fresh one, so no story sees another's cached images.
 */
export type ToolcardParameters = Partial<Omit<ToolCardProviderProps, 'children' | 'queryClient'>>;
