import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import {
  ImageCacheScope,
  ToolCardSettingsContext,
  withInlineImages,
  type ImageCachePolicy,
  type LoadImage,
  type ToolApprovalHandler,
  type ToolCardSettings,
} from '../components';
import { LabelsProvider, type Locale } from '../labels';
import { SlotRegistryProvider } from '../slots';
import type { ToolCardErrorReport } from './plugin-error-report';
import type { ToolCardPlugin } from './tool-card-plugin';
import { useToolCardRegistry } from './use-tool-card-registry';

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
   * A call awaiting approval (AI SDK `approval-requested`) offers Approve and Reject when these are
   * given; each gets the approval's id, as `addToolApprovalResponse({ id, approved })` takes it.
   */
  readonly onApprove?: ToolApprovalHandler;
  readonly onReject?: ToolApprovalHandler;
  /**
   * The app's own plugins, run once after the built-in ones, in order. A card an app registers
   * for a tool name wins over the one the built-ins would show (they register below the default
   * priority). A plugin that throws (a broken registry rule, a bug of its own) has what it set up
   * undone, is reported to `onSlotError` and skipped; the rest still run. Read once, when the
   * provider mounts: a later change is ignored (remount the provider, e.g. with a new `key`).
   */
  readonly plugins?: readonly ToolCardPlugin[];
  /**
   * Called when a slot entry (a toolview, a gallery) crashes while rendering (a `SlotErrorReport`;
   * the card shows its fallback), and, once the provider has mounted, for each plugin that was
   * skipped (a `PluginErrorReport`, which names the `plugin`). Read once, when the provider mounts.
   */
  readonly onSlotError?: (report: ToolCardErrorReport) => void;
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
  onApprove,
  onReject,
  plugins = [],
  onSlotError,
  expandImageResults = true,
  children,
}: ToolCardProviderProps): ReactNode {
  const registry = useToolCardRegistry(plugins, onSlotError);
  const [ownQueryClient] = useState(() => new QueryClient());
  const settings = useMemo<ToolCardSettings>(
    () => ({
      loadImage: withInlineImages(loadImage),
      expandImageResults,
      ...(cwd === undefined ? {} : { cwd }),
      ...(home === undefined ? {} : { home }),
      ...(onOpenFile === undefined ? {} : { onOpenFile }),
      ...(onApprove === undefined ? {} : { onApprove }),
      ...(onReject === undefined ? {} : { onReject }),
    }),
    [loadImage, expandImageResults, cwd, home, onOpenFile, onApprove, onReject],
  );

  return (
    <QueryClientProvider client={queryClient ?? ownQueryClient}>
      <ImageCacheScope policy={imageCache}>
        <LabelsProvider locale={locale}>
          <SlotRegistryProvider registry={registry}>
            <ToolCardSettingsContext.Provider value={settings}>{children}</ToolCardSettingsContext.Provider>
          </SlotRegistryProvider>
        </LabelsProvider>
      </ImageCacheScope>
    </QueryClientProvider>
  );
}
