import { describe, expect, it, vi } from 'vitest';
import { createSlotRegistry, SlotRuleError, type SlotRegistry } from '../../src/slots';
import type { DetailsOwnerProps, RowOwnerProps } from './test-slots';

const RowA = ({ title }: RowOwnerProps) => `A ${title}`;
const RowB = ({ title }: RowOwnerProps) => `B ${title}`;
const Details = ({ detail }: DetailsOwnerProps) => detail;

function withRowSlot(): SlotRegistry {
  const registry = createSlotRegistry();
  registry.declare('test.row', { owner: 'host', kind: 'keyed' });
  return registry;
}

describe('declare', () => {
  it('allows exactly one declarer and names both owners when a second one tries', () => {
    const registry = withRowSlot();
    expect(() => registry.declare('test.row', { owner: 'intruder', kind: 'keyed' })).toThrow(
      'Slot "test.row" is already declared by "host"; "intruder" cannot declare it too',
    );
  });

  it('can be declared again once the declarer disposed it', () => {
    const registry = createSlotRegistry();
    registry.declare('test.banner', { owner: 'first', kind: 'single' })();
    expect(() => registry.declare('test.banner', { owner: 'second', kind: 'single' })).not.toThrow();
  });
});

describe('register', () => {
  it('throws a clear error for an undeclared slot', () => {
    const registry = createSlotRegistry();
    expect(() => registry.register('test.row', { owner: 'plugin', key: 'k', component: RowA })).toThrow(
      'Cannot register "plugin" into slot "test.row": the slot is not declared',
    );
  });

  it('lets the highest priority win per key, and disposal restore the previous winner', () => {
    const registry = withRowSlot();
    registry.register('test.row', { owner: 'base', key: 'k', component: RowA });
    const disposeOverride = registry.register('test.row', { owner: 'override', key: 'k', priority: 1, component: RowB });
    registry.register('test.row', { owner: 'other', key: 'other', component: RowA });

    expect(registry.resolve('test.row', 'k')?.owner).toBe('override');
    expect(registry.resolve('test.row', 'other')?.owner).toBe('other');
    disposeOverride();
    expect(registry.resolve('test.row', 'k')?.owner).toBe('base');
  });

  it('throws on the same key at the same priority, naming both entries', () => {
    const registry = withRowSlot();
    registry.register('test.row', { owner: 'first', key: 'k', component: RowA });
    expect(() => registry.register('test.row', { owner: 'second', key: 'k', component: RowB })).toThrow(
      '"second (test.row:k)" cannot take priority 0: "first (test.row:k)" already holds it',
    );
    expect(registry.resolve('test.row', 'k')?.owner).toBe('first');
  });

  it('lets the highest priority win in a single slot and throws on an equal one', () => {
    const registry = createSlotRegistry();
    registry.declare('test.banner', { owner: 'host', kind: 'single' });
    registry.register('test.banner', { owner: 'low', priority: -1, component: () => 'low' });
    registry.register('test.banner', { owner: 'high', component: () => 'high' });
    expect(registry.resolve('test.banner')?.owner).toBe('high');
    expect(() => registry.register('test.banner', { owner: 'tie', component: () => 'tie' })).toThrow(/already holds it/);
  });

  it('removes the entries of a slot when its declaration is disposed', () => {
    const registry = createSlotRegistry();
    const undeclare = registry.declare('test.row', { owner: 'host', kind: 'keyed' });
    const unregister = registry.register('test.row', { owner: 'plugin', key: 'k', component: RowA });
    undeclare();
    registry.declare('test.row', { owner: 'host', kind: 'keyed' });
    expect(registry.resolve('test.row', 'k')).toBeUndefined();
    expect(unregister).not.toThrow();
  });

  it('notifies subscribers of every change until they unsubscribe', () => {
    const registry = withRowSlot();
    const listener = vi.fn();
    const unsubscribe = registry.subscribe(listener);
    const unregister = registry.register('test.row', { owner: 'plugin', key: 'k', component: RowA });
    unregister();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    registry.register('test.row', { owner: 'plugin', key: 'k', component: RowA });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('inject', () => {
  it('runs when the slot becomes declared, or at once when it already is', () => {
    const registry = createSlotRegistry();
    const early = vi.fn(() => undefined);
    registry.inject('test.row', early);
    expect(early).not.toHaveBeenCalled();

    registry.declare('test.row', { owner: 'host', kind: 'keyed' });
    expect(early).toHaveBeenCalledOnce();

    const late = vi.fn(() => undefined);
    registry.inject('test.row', late);
    expect(late).toHaveBeenCalledOnce();
  });

  it('is undone when the declarer goes away and runs again on re-declaration', () => {
    const registry = createSlotRegistry();
    registry.inject('test.row', (slots) => slots.register('test.row', { owner: 'plugin', key: 'k', component: RowA }));
    const cleanup = vi.fn();
    registry.inject('test.row', () => cleanup);

    const undeclare = registry.declare('test.row', { owner: 'host', kind: 'keyed' });
    expect(registry.resolve('test.row', 'k')?.owner).toBe('plugin');
    undeclare();
    expect(cleanup).toHaveBeenCalledOnce();

    registry.declare('test.row', { owner: 'host', kind: 'keyed' });
    expect(registry.resolve('test.row', 'k')?.owner).toBe('plugin');
  });

  it('stops for good when disposed, running its cleanup once', () => {
    const registry = createSlotRegistry();
    const cleanup = vi.fn();
    const injection = vi.fn(() => cleanup);
    const dispose = registry.inject('test.row', injection);
    const undeclare = registry.declare('test.row', { owner: 'host', kind: 'keyed' });

    dispose();
    expect(cleanup).toHaveBeenCalledOnce();
    undeclare();
    registry.declare('test.row', { owner: 'host', kind: 'keyed' });
    expect(injection).toHaveBeenCalledOnce();
    expect(cleanup).toHaveBeenCalledOnce();
  });
});

describe('a failing injection', () => {
  it('fails the declaration it runs in without leaving the slot declared', () => {
    const registry = createSlotRegistry();
    const cleanup = vi.fn();
    registry.inject('test.row', (slots) => {
      const unregister = slots.register('test.row', { owner: 'first', key: 'k', component: RowA });
      return () => {
        cleanup();
        unregister();
      };
    });
    const disposeConflicting = registry.inject('test.row', (slots) => slots.register('test.row', { owner: 'second', key: 'k', component: RowB }));

    expect(() => registry.declare('test.row', { owner: 'host', kind: 'keyed' })).toThrow(/already holds it/);
    expect(cleanup).toHaveBeenCalledOnce();
    disposeConflicting();
    registry.declare('test.row', { owner: 'host', kind: 'keyed' });
    expect(registry.resolve('test.row', 'k')?.owner).toBe('first');
  });

  it('is not kept when it fails at once', () => {
    const registry = createSlotRegistry();
    const undeclare = registry.declare('test.row', { owner: 'host', kind: 'keyed' });
    registry.register('test.row', { owner: 'first', key: 'k', component: RowA });
    const conflicting = vi.fn((slots: SlotRegistry) => slots.register('test.row', { owner: 'second', key: 'k', component: RowB }));
    expect(() => registry.inject('test.row', conflicting)).toThrow(/already holds it/);

    undeclare();
    registry.declare('test.row', { owner: 'host', kind: 'keyed' });
    expect(conflicting).toHaveBeenCalledOnce();
    expect(registry.resolve('test.row', 'k')).toBeUndefined();
  });
});

describe('child slots', () => {
  it('are declared by a registered entry and undeclared when it is disposed', () => {
    const registry = withRowSlot();
    const unregister = registry.register('test.row', {
      owner: 'row-plugin',
      key: 'k',
      component: RowA,
      declares: ['test.row.details'],
    });
    expect(registry.declarerOf('test.row.details')).toBe(registry.resolve('test.row', 'k'));
    registry.register('test.row.details', { owner: 'details-plugin', component: Details });

    unregister();
    expect(registry.declarerOf('test.row.details')).toBeUndefined();
    expect(() => registry.register('test.row.details', { owner: 'details-plugin', component: Details })).toThrow(/not declared/);
  });

  it('are undeclared with their declarer when the parent slot goes away', () => {
    const registry = createSlotRegistry();
    const undeclareRow = registry.declare('test.row', { owner: 'host', kind: 'keyed' });
    registry.register('test.row', { owner: 'row-plugin', key: 'k', component: RowA, declares: ['test.row.details'] });
    undeclareRow();
    expect(() => registry.declare('test.row.details', { owner: 'host', kind: 'single' })).not.toThrow();
  });

  it('have exactly one declarer: a second entry declaring one throws naming both and is not registered', () => {
    const registry = withRowSlot();
    registry.register('test.row', { owner: 'image-row', key: 'read_image', component: RowA, declares: ['test.row.details'] });
    expect(() =>
      registry.register('test.row', {
        owner: 'copy-row',
        key: 'copy',
        component: RowB,
        declares: ['test.row.badge', 'test.row.details'],
      }),
    ).toThrow('Slot "test.row.details" is already declared by "image-row (test.row:read_image)"; "copy-row (test.row:copy)" cannot declare it too');
    expect(registry.resolve('test.row', 'copy')).toBeUndefined();
    expect(registry.declarerOf('test.row.badge')).toBeUndefined();
  });

  it('feed injections waiting for them', () => {
    const registry = withRowSlot();
    registry.inject('test.row.details', (slots) => slots.register('test.row.details', { owner: 'details-plugin', component: Details }));
    const unregister = registry.register('test.row', {
      owner: 'row-plugin',
      key: 'k',
      component: RowA,
      declares: ['test.row.details'],
    });
    expect(registry.resolve('test.row.details')?.owner).toBe('details-plugin');
    unregister();
    expect(registry.resolve('test.row.details')).toBeUndefined();
  });
});

describe('a broken rule', () => {
  /** The SlotRuleError `act` throws. */
  function ruleErrorOf(act: () => unknown): SlotRuleError {
    try {
      act();
    } catch (error) {
      if (error instanceof SlotRuleError) return error;
      throw error;
    }
    throw new Error('no rule was broken');
  }

  it('names the slot, key and owner of the request that broke it', () => {
    const registry = withRowSlot();
    registry.register('test.row', { owner: 'first', key: 'k', component: RowA, declares: ['test.row.details'] });
    expect(ruleErrorOf(() => registry.register('test.row', { owner: 'second', key: 'k', component: RowB }))).toMatchObject({
      slot: 'test.row',
      entryKey: 'k',
      owner: 'second',
    });
    expect(ruleErrorOf(() => registry.register('test.banner', { owner: 'early', component: () => 'early' }))).toMatchObject({
      slot: 'test.banner',
      entryKey: undefined,
      owner: 'early',
    });
    expect(ruleErrorOf(() => registry.declare('test.row', { owner: 'intruder', kind: 'keyed' }))).toMatchObject({ slot: 'test.row', owner: 'intruder' });
    expect(ruleErrorOf(() => registry.register('test.row', { owner: 'copy-row', key: 'copy', component: RowB, declares: ['test.row.details'] }))).toMatchObject(
      { slot: 'test.row.details', entryKey: undefined, owner: 'copy-row' },
    );
  });
});

describe('reportError', () => {
  it('forwards to the onError hook', () => {
    const onError = vi.fn();
    const report = { slot: 'test.row', entryKey: 'k', owner: 'plugin', error: new Error('boom') };
    createSlotRegistry({ onError }).reportError(report);
    expect(onError).toHaveBeenCalledExactlyOnceWith(report);
  });
});
