import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect, type FunctionComponent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Slot, SlotRegistryProvider, createSlotRegistry, renderSlot, useSlotRegistry, type Disposer, type SlotRegistry } from '../../src/slots';
import type { BannerOwnerProps, DetailsOwnerProps, RowOwnerProps } from './test-slots';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

function Row({ title }: RowOwnerProps) {
  return <p>row {title}</p>;
}

function Banner({ text }: BannerOwnerProps) {
  return <p>banner {text}</p>;
}

function Details({ detail }: DetailsOwnerProps) {
  return <p>details {detail}</p>;
}

function rowAndBannerSlots(onError?: SlotRegistry['reportError']): SlotRegistry {
  const registry = createSlotRegistry({ onError });
  registry.declare('test.row', { owner: 'host', kind: 'keyed' });
  registry.declare('test.banner', { owner: 'host', kind: 'single' });
  return registry;
}

function registerInAct(register: () => Disposer): Disposer {
  let unregister: Disposer | undefined;
  act(() => {
    unregister = register();
  });
  if (unregister === undefined) throw new Error('register() did not run');
  return unregister;
}

/** React logs every error a boundary catches; the tests assert on them instead. */
function silenceReactErrorLog() {
  return vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

describe('Slot', () => {
  it('renders the winning entry of the requested key with the owner props', () => {
    const registry = rowAndBannerSlots();
    registry.register('test.row', { owner: 'plugin', key: 'a', component: Row });
    registry.register('test.row', { owner: 'plugin', key: 'b', component: () => <p>other row</p> });

    render(
      <SlotRegistryProvider registry={registry}>
        <Slot name="test.row" entryKey="a" props={{ title: 'one' }} />
      </SlotRegistryProvider>,
    );
    expect(screen.getByText('row one')).toBeTruthy();
    expect(screen.queryByText('other row')).toBeNull();
  });

  it('renders the fallback when no entry fills the slot, as a node or a render prop of the owner props', () => {
    render(
      <SlotRegistryProvider registry={rowAndBannerSlots()}>
        {renderSlot('test.banner', { text: 'x' }, { fallback: <p>plain fallback</p> })}
        {renderSlot('test.row', { title: 'T' }, { entryKey: 'missing', fallback: ({ title }) => <p>generic {title}</p> })}
      </SlotRegistryProvider>,
    );
    expect(screen.getByText('plain fallback')).toBeTruthy();
    expect(screen.getByText('generic T')).toBeTruthy();
  });

  it('re-renders when registrations change', () => {
    const registry = rowAndBannerSlots();
    render(<SlotRegistryProvider registry={registry}>{renderSlot('test.banner', { text: 'now' }, { fallback: <p>empty</p> })}</SlotRegistryProvider>);
    expect(screen.getByText('empty')).toBeTruthy();

    const unregister = registerInAct(() => registry.register('test.banner', { owner: 'plugin', component: Banner }));
    expect(screen.getByText('banner now')).toBeTruthy();

    const unregisterOverride = registerInAct(() => registry.register('test.banner', { owner: 'override', priority: 1, component: () => <p>override</p> }));
    expect(screen.getByText('override')).toBeTruthy();

    act(unregisterOverride);
    expect(screen.getByText('banner now')).toBeTruthy();
    act(unregister);
    expect(screen.getByText('empty')).toBeTruthy();
  });
});

describe('SlotRegistryProvider', () => {
  /** Sets the banner slot up in the registry of the surrounding provider, as a plugin would. */
  function InstallBanner({ component }: { readonly component: FunctionComponent<BannerOwnerProps> }) {
    const registry = useSlotRegistry();
    useEffect(() => {
      const undeclare = registry.declare('test.banner', { owner: 'host', kind: 'single' });
      registry.register('test.banner', { owner: 'banner-plugin', component });
      return undeclare;
    }, [registry, component]);
    return null;
  }

  it('gives each provider instance its own registry', () => {
    render(
      <>
        <SlotRegistryProvider>
          <InstallBanner component={Banner} />
          {renderSlot('test.banner', { text: 'in the first provider' }, { fallback: <p>empty first</p> })}
        </SlotRegistryProvider>
        <SlotRegistryProvider>{renderSlot('test.banner', { text: 'in the second provider' }, { fallback: <p>empty second</p> })}</SlotRegistryProvider>
      </>,
    );
    expect(screen.getByText('banner in the first provider')).toBeTruthy();
    expect(screen.getByText('empty second')).toBeTruthy();
  });

  it('hands its onError to the registry it creates', () => {
    silenceReactErrorLog();
    const onError = vi.fn();
    const CrashingBanner = (): never => {
      throw new Error('boom');
    };
    render(
      <SlotRegistryProvider onError={onError}>
        <InstallBanner component={CrashingBanner} />
        {renderSlot('test.banner', { text: 'x' }, { fallback: <p>fallback</p> })}
      </SlotRegistryProvider>,
    );
    expect(screen.getByText('fallback')).toBeTruthy();
    expect(onError).toHaveBeenCalledExactlyOnceWith({
      slot: 'test.banner',
      entryKey: undefined,
      owner: 'banner-plugin',
      error: new Error('boom'),
    });
  });

  it('is required by useSlotRegistry', () => {
    silenceReactErrorLog();
    expect(() => render(<Slot name="test.banner" props={{ text: 'x' }} />)).toThrow(/needs a <SlotRegistryProvider>/);
  });
});

describe('crash containment', () => {
  function Crashing({ title }: RowOwnerProps): never {
    throw new Error(`cannot render ${title}`);
  }

  it('reports a crashing entry, shows its fallback, and keeps sibling render sites rendering', () => {
    const consoleError = silenceReactErrorLog();
    const onError = vi.fn();
    const registry = rowAndBannerSlots(onError);
    registry.register('test.row', { owner: 'broken-plugin', key: 'broken', component: Crashing });
    registry.register('test.row', { owner: 'plugin', key: 'fine', component: Row });
    registry.register('test.banner', { owner: 'plugin', component: Banner });
    const fallback = ({ title }: RowOwnerProps) => <p>generic {title}</p>;

    render(
      <SlotRegistryProvider registry={registry}>
        {renderSlot('test.row', { title: 'first' }, { entryKey: 'broken', fallback })}
        {renderSlot('test.row', { title: 'second' }, { entryKey: 'fine', fallback })}
        {renderSlot('test.banner', { text: 'still here' })}
      </SlotRegistryProvider>,
    );

    expect(screen.getByText('generic first')).toBeTruthy();
    expect(screen.getByText('row second')).toBeTruthy();
    expect(screen.getByText('banner still here')).toBeTruthy();
    expect(onError).toHaveBeenCalledExactlyOnceWith({
      slot: 'test.row',
      entryKey: 'broken',
      owner: 'broken-plugin',
      error: new Error('cannot render first'),
    });
    expect(consoleError).toHaveBeenCalled();
  });

  it('retries the entry when the owner props change', () => {
    silenceReactErrorLog();
    const registry = rowAndBannerSlots();
    registry.register('test.row', {
      owner: 'plugin',
      key: 'k',
      component: ({ title }) => (title === 'bad' ? Crashing({ title }) : <Row title={title} />),
    });
    const view = (title: string) => (
      <SlotRegistryProvider registry={registry}>{renderSlot('test.row', { title }, { entryKey: 'k', fallback: <p>fallback</p> })}</SlotRegistryProvider>
    );

    const { rerender } = render(view('bad'));
    expect(screen.getByText('fallback')).toBeTruthy();
    rerender(view('good'));
    expect(screen.getByText('row good')).toBeTruthy();
  });
});

describe('child slots', () => {
  function DetailsHost({ title }: RowOwnerProps) {
    return renderSlot('test.row.details', { detail: title }, { fallback: <p>no details</p> });
  }

  function childSlotRegistry(): SlotRegistry {
    const registry = rowAndBannerSlots();
    registry.register('test.row', { owner: 'image-row', key: 'image', component: DetailsHost, declares: ['test.row.details'] });
    registry.register('test.row.details', { owner: 'details-plugin', component: Details });
    return registry;
  }

  it('are rendered by the entry that declared them, which may also render top-level slots', () => {
    const registry = childSlotRegistry();
    registry.register('test.banner', { owner: 'plugin', component: Banner });
    registry.register('test.row', {
      owner: 'plugin',
      key: 'with-banner',
      component: () => renderSlot('test.banner', { text: 'inside a row' }),
    });
    render(
      <SlotRegistryProvider registry={registry}>
        {renderSlot('test.row', { title: 'x.png' }, { entryKey: 'image' })}
        {renderSlot('test.row', { title: 'y' }, { entryKey: 'with-banner' })}
      </SlotRegistryProvider>,
    );
    expect(screen.getByText('details x.png')).toBeTruthy();
    expect(screen.getByText('banner inside a row')).toBeTruthy();
  });

  it('throw in development when another entry renders them, past the crash containment', () => {
    silenceReactErrorLog();
    const onError = vi.fn();
    const registry = childSlotRegistry();
    registry.register('test.row', { owner: 'text-row', key: 'text', component: DetailsHost });
    expect(() =>
      render(
        <SlotRegistryProvider registry={registry}>
          {renderSlot('test.row', { title: 'x' }, { entryKey: 'text', fallback: <p>fallback</p> })}
        </SlotRegistryProvider>,
      ),
    ).toThrow(
      'Slot "test.row.details" is a child slot declared by "image-row (test.row:image)" and may only be rendered by that entry; it was rendered by "text-row (test.row:text)".',
    );
    expect(onError).not.toHaveBeenCalled();
  });

  it('throw in development when rendered outside any entry', () => {
    silenceReactErrorLog();
    expect(() => render(<SlotRegistryProvider registry={childSlotRegistry()}>{renderSlot('test.row.details', { detail: 'x' })}</SlotRegistryProvider>)).toThrow(
      'it was rendered outside any slot entry',
    );
  });

  it('are not policed in production', () => {
    vi.stubEnv('NODE_ENV', 'production');
    render(<SlotRegistryProvider registry={childSlotRegistry()}>{renderSlot('test.row.details', { detail: 'x' })}</SlotRegistryProvider>);
    expect(screen.getByText('details x')).toBeTruthy();
  });
});
