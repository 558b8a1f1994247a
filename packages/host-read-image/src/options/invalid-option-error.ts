/**
 * A constructor or factory option that is not what it must be, thrown before any work (no file
 * opened, no request sent). One shape for every option of the package, as sharp's
 * `invalidParameterError(name, expected, actual)`: the message names who was called, the option,
 * what it must be and what it got. A `TypeError`, as Node's own ERR_INVALID_ARG_* errors are.
 */
export class InvalidOptionError extends TypeError {
  override readonly name = 'InvalidOptionError';
  readonly code = 'INVALID_OPTION';
  /** What was called: a class (`LocalAttachmentStore`), a function or a method (`S3AttachmentStore.signedUrl`). */
  readonly owner: string;
  /** The option's path in the options, e.g. `dir`, `limits.maxImageBytes`, `roots[1]`. */
  readonly option: string;
  /** What the option must be, phrased to follow "must be". */
  readonly expected: string;
  /** The value that was given. */
  readonly actual: unknown;

  constructor(owner: string, option: string, expected: string, actual: unknown) {
    super(`${owner}: option ${option} must be ${expected}, got ${describeValue(actual)}.`);
    this.owner = owner;
    this.option = option;
    this.expected = expected;
    this.actual = actual;
  }
}

const SHOWN_CHARACTERS = 80;

/** A value as an error message shows it: strings quoted, objects as (short) JSON or by their class. */
function describeValue(value: unknown): string {
  if (typeof value === 'string') return shortened(JSON.stringify(value));
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol') return value.toString();
  if (typeof value === 'bigint') return `${value.toString()}n`;
  if (typeof value !== 'object' || value === null) return String(value);
  if (Array.isArray(value)) return `an array of ${String(value.length)}`;
  const className = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor?.name;
  if (typeof className === 'string' && className !== '' && className !== 'Object') return `an instance of ${className}`;
  try {
    return shortened(JSON.stringify(value));
  } catch {
    return 'an object';
  }
}

function shortened(text: string): string {
  return text.length <= SHOWN_CHARACTERS ? text : `${text.slice(0, SHOWN_CHARACTERS - 1)}…`;
}
