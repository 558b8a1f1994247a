import { checkOption, NON_EMPTY_PATH, OPTIONS_OBJECT } from '../../options/check-option.ts';
import { ContentAddressedStore, storeSettings, type ContentAddressedStoreOptions } from '../content-addressed-store.ts';
import { LocalObjectBackend } from './local-object-backend.ts';
import { StoreLayout } from './store-layout.ts';
import { sweepOrphanedTemp } from './temp-names.ts';

export interface LocalAttachmentStoreOptions extends ContentAddressedStoreOptions {
  /** The store directory; created on the first save. */
  readonly dir: string;
}

const OWNER = 'LocalAttachmentStore';

/**
 * The real AttachmentStore on a local directory: durable, content-addressed image objects
 * (DESIGN §3). Several processes may share one directory; opening it sweeps the temp entries
 * of writers that died (see temp-names.ts).
 */
export class LocalAttachmentStore extends ContentAddressedStore {
  private readonly tempRoot: string;
  private swept: Promise<void> | undefined;

  constructor(options: LocalAttachmentStoreOptions) {
    checkOption(OWNER, 'options', options, OPTIONS_OBJECT);
    const dir = checkOption(OWNER, 'dir', options.dir, NON_EMPTY_PATH);
    const settings = storeSettings(OWNER, options);
    const layout = new StoreLayout(dir);
    super(new LocalObjectBackend(layout), settings);
    this.tempRoot = layout.tempRoot;
  }

  protected override beforeFirstUse(): Promise<void> {
    // Housekeeping only: a sweep that fails leaves leftovers for the next open, never fails a call.
    this.swept ??= sweepOrphanedTemp(this.tempRoot).then(
      () => undefined,
      () => undefined,
    );
    return this.swept;
  }
}
