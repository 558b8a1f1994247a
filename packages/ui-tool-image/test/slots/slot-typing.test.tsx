import { describe, expect, it } from 'vitest';
import { createSlotRegistry, renderSlot } from '../../src/slots';
import type { BannerOwnerProps } from './test-slots';

function Banner({ text }: BannerOwnerProps) {
  return <p>{text}</p>;
}

// The `@ts-expect-error` lines are the assertions here: `pnpm tsc` fails if one stops erroring.
describe('slot typing', () => {
  it('checks owner props, key and kind against the slot name', () => {
    const registry = createSlotRegistry();
    registry.declare('test.banner', { owner: 'test', kind: 'single' });
    registry.declare('test.row', { owner: 'test', kind: 'keyed' });
    // @ts-expect-error -- 'test.row.details' is a single slot, not keyed
    expect(() => registry.declare('test.row.details', { owner: 'test', kind: 'keyed' })).not.toThrow();

    // @ts-expect-error -- a keyed slot needs a key
    expect(() => registry.register('test.row', { owner: 'test', component: () => null })).toThrow(/with a key/);
    // @ts-expect-error -- a single slot takes no key
    expect(() => registry.register('test.banner', { owner: 'test', key: 'k', component: Banner })).toThrow(/without a key/);
    // @ts-expect-error -- the component must accept the slot's owner props
    expect(registry.register('test.row', { owner: 'test', key: 'k', component: Banner })).toBeTypeOf('function');

    // @ts-expect-error -- wrong owner props for 'test.banner'
    expect(renderSlot('test.banner', { title: 'a row prop' }).props).toHaveProperty('name', 'test.banner');
    // @ts-expect-error -- a single slot has no entry key
    expect(renderSlot('test.banner', { text: 'x' }, { entryKey: 'k' }).props).toHaveProperty('entryKey', 'k');
    // @ts-expect-error -- no such slot
    expect(renderSlot('test.nowhere', {}).props).toHaveProperty('name', 'test.nowhere');
  });

  it('infers the owner props of a fallback render prop from the slot name', () => {
    const element = renderSlot('test.row', { title: 'T' }, { entryKey: 'k', fallback: ({ title }) => title.toUpperCase() });
    expect(element.props).toMatchObject({ name: 'test.row', props: { title: 'T' }, entryKey: 'k' });
  });
});
