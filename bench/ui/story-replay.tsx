import { QueryClient } from '@tanstack/react-query';
import { ToolCardProvider, type LoadImage, type ParsedSessionLog } from '@toolcard/ui-tool-image';
import { useState, type ReactNode } from 'react';
import { LogReplay } from '../../stories/replay/log-replay';

export interface StoryReplayProps {
  readonly log: ParsedSessionLog;
  readonly loadImage: LoadImage;
  readonly expandImageResults: boolean;
}

/**
 * What the Replay story renders, as `.storybook/preview.tsx` wraps it: a `lang` div, a provider
 * with a QueryClient of its own per mount, the story's loader and locale, then `LogReplay`.
 */
export function StoryReplay({ log, loadImage, expandImageResults }: StoryReplayProps): ReactNode {
  const [queryClient] = useState(() => new QueryClient());
  return (
    <div lang="en">
      <ToolCardProvider loadImage={loadImage} locale="en" queryClient={queryClient} expandImageResults={expandImageResults}>
        <LogReplay log={log} />
      </ToolCardProvider>
    </div>
  );
}
