type Container = unknown[] | Record<string, unknown>;

/** A string value inside parsed JSON, where it can be replaced: `holder[key]`. */
export interface StringSlot {
  readonly holder: Container;
  readonly key: number | string;
  readonly text: string;
}

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

/**
 * Every string value (not key) under `root`, found with an explicit stack: a line nested thousands
 * of levels deep costs memory for its values, never call stack.
 */
export function stringSlots(root: Container): StringSlot[] {
  const slots: StringSlot[] = [];
  const pending: Container[] = [root];
  for (let holder = pending.pop(); holder !== undefined; holder = pending.pop()) {
    for (const [key, value] of Array.isArray(holder) ? holder.entries() : Object.entries(holder)) {
      if (typeof value === 'string') slots.push({ holder, key, text: value });
      else if (isContainer(value)) pending.push(value);
    }
  }
  return slots;
}
