import { describe, expect, it, vi } from 'vitest';
import { allOrNothing } from '../../src/slots/registry-transaction';
import { createSlotRegistry, SlotRuleError, type SlotRegistry } from '../../src/slots';
import type { RowOwnerProps } from './test-slots';

const Row = ({ title }: RowOwnerProps) => title;

function withRowSlot(): SlotRegistry {
  const registry = createSlotRegistry();
  registry.declare('test.row', { owner: 'host', kind: 'keyed' });
  return registry;
}

describe('allOrNothing', () => {
  it('undoes every declaration, registration and injection made before the throw, and rethrows', () => {
    const registry = withRowSlot();
    const cleanup = vi.fn();
    const failure = new Error('plugin bug');
    expect(() =>
      allOrNothing(registry, (recording) => {
        recording.declare('test.banner', { owner: 'plugin', kind: 'single' });
        recording.register('test.row', { owner: 'plugin', key: 'mine', component: Row, declares: ['test.row.details'] });
        recording.inject('test.row', () => cleanup);
        throw failure;
      }),
    ).toThrow(failure);

    expect(registry.resolve('test.row', 'mine')).toBeUndefined();
    expect(registry.declarerOf('test.row.details')).toBeUndefined();
    expect(cleanup).toHaveBeenCalledOnce();
    expect(() => registry.declare('test.banner', { owner: 'someone else', kind: 'single' })).not.toThrow();
  });

  it('keeps everything when the set-up returns, and hands back its result', () => {
    const registry = withRowSlot();
    const result = allOrNothing(registry, (recording) => recording.register('test.row', { owner: 'plugin', key: 'mine', component: Row }));
    expect(registry.resolve('test.row', 'mine')?.owner).toBe('plugin');
    result();
    expect(registry.resolve('test.row', 'mine')).toBeUndefined();
  });
});

describe('an injection that throws part-way', () => {
  it('leaves none of its registrations behind', () => {
    const registry = withRowSlot();
    registry.register('test.row', { owner: 'first', key: 'taken', component: Row });
    const partial = (slots: SlotRegistry) => {
      slots.register('test.row', { owner: 'second', key: 'free', component: Row, declares: ['test.row.details'] });
      return slots.register('test.row', { owner: 'second', key: 'taken', component: Row });
    };
    expect(() => registry.inject('test.row', partial)).toThrow(SlotRuleError);
    expect(registry.resolve('test.row', 'free')).toBeUndefined();
    expect(registry.declarerOf('test.row.details')).toBeUndefined();
  });

  it('leaves none behind in other slots either when it throws at a later declaration', () => {
    const registry = withRowSlot();
    registry.declare('test.banner', { owner: 'host', kind: 'single' });
    registry.inject('test.row.details', (slots) => {
      slots.register('test.banner', { owner: 'details', component: () => 'banner' });
      throw new Error('injection bug');
    });
    expect(() => registry.register('test.row', { owner: 'row', key: 'k', component: Row, declares: ['test.row.details'] })).toThrow('injection bug');
    expect(registry.resolve('test.row', 'k')).toBeUndefined();
    expect(registry.resolve('test.banner')).toBeUndefined();
  });
});
