import type { Disposer } from './slot-map';
import type { SlotRegistry } from './slot-registry';

/**
 * Runs `setUp` all or nothing: when it throws, every declaration, registration and injection it
 * made through the registry it is handed is undone, last first, and the error is rethrown. Nothing
 * is left half set up, and nobody is left holding a disposer for it.
 */
export function allOrNothing<Result>(registry: SlotRegistry, setUp: (recording: SlotRegistry) => Result): Result {
  const undos: Disposer[] = [];
  const recorded = (dispose: Disposer): Disposer => {
    undos.push(dispose);
    return dispose;
  };
  const recording: SlotRegistry = {
    ...registry,
    declare: (name, declaration) => recorded(registry.declare(name, declaration)),
    register: (name, registration) => recorded(registry.register(name, registration)),
    inject: (name, injection) => recorded(registry.inject(name, injection)),
  };
  try {
    return setUp(recording);
  } catch (error) {
    for (const undo of undos.toReversed()) undo();
    throw error;
  }
}
