/** The request that broke a registry rule: its slot, key and owner. */
export interface SlotRuleBreach {
  readonly slot: string;
  /** `undefined` for a single slot (and for a keyed slot registered without a key). */
  readonly entryKey: string | undefined;
  readonly owner: string;
}

/**
 * A registry rule was broken: a second declarer, a seat already taken at the same priority, an
 * undeclared slot, a key that does not fit the slot's kind. It names the request that broke it, so
 * whoever ran that request (a provider running an app's plugins) can report it without parsing
 * the message.
 */
export class SlotRuleError extends Error implements SlotRuleBreach {
  override readonly name = 'SlotRuleError';
  readonly slot: string;
  readonly entryKey: string | undefined;
  readonly owner: string;

  constructor(message: string, { slot, entryKey, owner }: SlotRuleBreach) {
    super(message);
    this.slot = slot;
    this.entryKey = entryKey;
    this.owner = owner;
  }
}
