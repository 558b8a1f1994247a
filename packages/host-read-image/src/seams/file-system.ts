export type FsErrorCode = 'FS_NOT_FOUND' | 'FS_NOT_REGULAR_FILE' | 'FS_TOO_LARGE' | 'FS_ABORTED' | 'FS_OUTSIDE_WORKSPACE' | 'FS_READ_FAILED';

export class FsError extends Error {
  override readonly name = 'FsError';
  readonly code: FsErrorCode;

  constructor(code: FsErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

/** A path the file system has resolved against a working directory. */
export interface FsTarget {
  /** Absolute path used for I/O. */
  readonly absolutePath: string;
  /** Path shown to the model and to people (the envelope's `<path>`). */
  readonly displayPath: string;
}

export interface FsStat {
  readonly kind: 'file' | 'directory' | 'other';
  readonly size: number;
  readonly mtimeMs: number;
}

export interface FileSystem {
  resolve(path: string, options: { readonly cwd: string }): Promise<FsTarget>;
  stat(target: FsTarget, signal?: AbortSignal): Promise<FsStat>;
  /**
   * The whole regular file, or a failure: never truncated data, never more than
   * `maxBytes` buffered (plus one read chunk). `stat`, when the caller has just taken one of
   * this target, may stand in for the check before opening (the opened file is checked anyway).
   */
  readBytes(target: FsTarget, signal: AbortSignal | undefined, maxBytes: number, stat?: FsStat): Promise<Uint8Array>;
}
