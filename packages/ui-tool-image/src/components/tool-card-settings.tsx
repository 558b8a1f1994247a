import { createContext, useContext } from 'react';
import type { PathDisplayOptions } from '../model';
import type { LoadImage } from './load-image';
import type { ToolApprovalHandler } from './row/approval-buttons';

/** What every card of one `ToolCardProvider` shares. */
export interface ToolCardSettings {
  readonly loadImage: LoadImage;
  readonly cwd?: string;
  readonly home?: string;
  /** Gets the file path exactly as the call recorded it. */
  readonly onOpenFile?: (path: string) => void;
  readonly onApprove?: ToolApprovalHandler;
  readonly onReject?: ToolApprovalHandler;
  readonly expandImageResults: boolean;
}

export const ToolCardSettingsContext = createContext<ToolCardSettings | undefined>(undefined);

export function useToolCardSettings(): ToolCardSettings {
  const settings = useContext(ToolCardSettingsContext);
  if (settings === undefined) throw new Error('Tool cards need a <ToolCardProvider> above them.');
  return settings;
}

export function pathDisplayOptions({ cwd, home }: ToolCardSettings): PathDisplayOptions {
  return { ...(cwd === undefined ? {} : { cwd }), ...(home === undefined ? {} : { home }) };
}
