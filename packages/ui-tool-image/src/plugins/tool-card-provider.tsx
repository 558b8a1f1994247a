import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { ImageCacheScope, ToolCardSettingsContext, withInlineImages, type ImageCachePolicy, type LoadImage, type ToolCardSettings } from '../components';
import { LabelsProvider, type Locale } from '../labels';
import { createSlotRegistry, SlotRegistryProvider, type SlotErrorReport } from '../slots';
import { BUILTIN_PLUGINS } from './builtin-plugins';

export interface ToolCardProviderProps {
  /** Where attachment bytes come from; images decoded inline by a format adapter are served without it. */
  readonly loadImage: LoadImage;
  /** Shared image cache; each provider creates its own when absent. */
  readonly queryClient?: QueryClient;
  /** How long unused images stay cached and how often a failed load is retried. */
  readonly imageCache?: ImageCachePolicy;
  readonly locale?: Locale;
  readonly cwd?: string;
  readonly home?: string;
  /** Gets the file path exactly as the call recorded it. */
  readonly onOpenFile?: (path: string) => void;
  /**
   * Called when a slot entry (a toolview, a gallery) crashes; the card shows its fallback.
   * Read once, when the provider creates its slot registry.
   */
  readonly onSlotError?: (report: SlotErrorReport) => void;
  /** Whether a row opens itself when it becomes an image card (until the person toggles it). Default true. */
  readonly expandImageResults?: boolean;
  readonly children?: ReactNode;
}

/** Everything the tool cards need (contract), with a slot registry of its own per instance. */
export function ToolCardProvider({
  loadImage,
  queryClient,
  imageCache,
  locale = 'en',
  cwd,
  home,
  onOpenFile,
  onSlotError,
  expandImageResults = true,
  children,
}: ToolCardProviderProps): ReactNode {
  // Plugins run in the initializer, not an effect: StrictMode's double effects cannot register twice.
  const [registry] = useState(() => {
    const created = createSlotRegistry({ onError: onSlotError });
    for (const plugin of BUILTIN_PLUGINS) plugin(created);
    return created;
  });
  const [ownQueryClient] = useState(() => new QueryClient());
  const settings = useMemo<ToolCardSettings>(
    () => ({
      loadImage: withInlineImages(loadImage),
      expandImageResults,
      ...(cwd === undefined ? {} : { cwd }),
      ...(home === undefined ? {} : { home }),
      ...(onOpenFile === undefined ? {} : { onOpenFile }),
    }),
    [loadImage, expandImageResults, cwd, home, onOpenFile],
  );

  return (
    <QueryClientProvider client={queryClient ?? ownQueryClient}>
      <ImageCacheScope policy={imageCache}>
        <LabelsProvider locale={locale}>
          <SlotRegistryProvider registry={registry}>
            <ToolCardSettingsContext value={settings}>{children}</ToolCardSettingsContext>
          </SlotRegistryProvider>
        </LabelsProvider>
      </ImageCacheScope>
    </QueryClientProvider>
  );
}
