import { QueryClient, useQueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionReplay, ToolCallView } from '../../src/components';
import { parseSessionLog } from '../../src/model';
import { BUILTIN_PLUGINS, registerReadImageToolview, ToolCardProvider, type ToolCardProviderProps } from '../../src/plugins';
import { createSlotRegistry, useSlotRegistry, type SlotRegistry } from '../../src/slots';
import { CWD, validReadImageNode } from '../model/builders';
import { cardLabel, loadImageStub, rowOf } from '../components/harness';
import { itWithReferenceLogs, referenceLog } from '../support/reference-logs';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Hands out the registry of the surrounding provider. */
function CaptureRegistry({ into }: { readonly into: SlotRegistry[] }): null {
  into.push(useSlotRegistry());
  return null;
}

function CaptureQueryClient({ into }: { readonly into: QueryClient[] }): null {
  into.push(useQueryClient());
  return null;
}

function provider(props: Partial<ToolCardProviderProps> = {}) {
  return <ToolCardProvider loadImage={loadImageStub} {...props} />;
}

describe('ToolCardProvider registrations', () => {
  it('declares tool.call.toolview and registers read_image (declaring tool.call.images) and read', () => {
    const registries: SlotRegistry[] = [];
    render(provider({ children: <CaptureRegistry into={registries} /> }));
    const [registry] = registries;
    expect(registry?.resolve('tool.call.toolview', 'read_image')?.owner).toBe('read-image-toolview');
    expect(registry?.resolve('tool.call.toolview', 'read')?.owner).toBe('read-toolview');
    expect(registry?.declarerOf('tool.call.images')).toBe(registry?.resolve('tool.call.toolview', 'read_image'));
    expect(registry?.declarerOf('tool.call.toolview')).toBeUndefined();
  });

  itWithReferenceLogs('survives StrictMode double rendering and effects', () => {
    const registries: SlotRegistry[] = [];
    render(
      provider({
        children: (
          <>
            <CaptureRegistry into={registries} />
            <SessionReplay log={parseSessionLog(referenceLog('read-image', CWD))} />
          </>
        ),
      }),
      { reactStrictMode: true },
    );
    expect(rowOf('read-image-call').getAttribute('data-tool')).toBe('read_image');
    expect(new Set(registries).size).toBe(1);
    expect(registries[0]?.resolve('tool.call.toolview', 'read_image')).toBeDefined();
  });

  it('gives each provider instance its own registry', () => {
    const registries: SlotRegistry[] = [];
    render(
      <>
        {provider({ children: <CaptureRegistry into={registries} /> })}
        {provider({ children: <CaptureRegistry into={registries} /> })}
      </>,
    );
    expect(registries).toHaveLength(2);
    expect(registries[0]).not.toBe(registries[1]);
  });

  it('installs plugins whose disposers undo exactly their registration', () => {
    const registry = createSlotRegistry();
    const [declareToolview] = BUILTIN_PLUGINS;
    declareToolview?.(registry);
    const dispose = registerReadImageToolview(registry);
    expect(registry.declarerOf('tool.call.images')).toBeDefined();
    dispose();
    expect(registry.resolve('tool.call.toolview', 'read_image')).toBeUndefined();
    expect(registry.declarerOf('tool.call.images')).toBeUndefined();
  });
});

describe('ToolCardProvider query client', () => {
  it('creates one per instance when none is given, and uses the given one otherwise', () => {
    const clients: QueryClient[] = [];
    const given = new QueryClient();
    const { rerender } = render(provider({ children: <CaptureQueryClient into={clients} /> }));
    rerender(provider({ children: <CaptureQueryClient into={clients} /> }));
    expect(clients[0]).toBeInstanceOf(QueryClient);
    expect(clients[1]).toBe(clients[0]);
    cleanup();
    render(provider({ queryClient: given, children: <CaptureQueryClient into={clients} /> }));
    expect(clients[2]).toBe(given);
  });
});

describe('ToolCardProvider settings', () => {
  it('passes cwd to the cards and defaults to English', () => {
    render(provider({ cwd: '/home/qa/project', children: <ToolCallView node={validReadImageNode()} /> }));
    expect(screen.getByRole('button', { name: 'Read image Done' })).toBeTruthy();
    expect(cardLabel(document.body, 'red.png')).toBeTruthy();
  });

  it('re-renders the cards when its settings change', () => {
    const node = validReadImageNode();
    const { rerender } = render(provider({ cwd: '/elsewhere', children: <ToolCallView node={node} /> }));
    expect(cardLabel(document.body, '/home/qa/project/red.png')).toBeTruthy();
    rerender(provider({ cwd: '/home/qa', locale: 'zh-CN', children: <ToolCallView node={node} /> }));
    expect(cardLabel(document.body, 'project/red.png')).toBeTruthy();
    expect(screen.getByRole('button', { name: '读取图像 已完成' })).toBeTruthy();
  });

  it('is required by the cards', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<ToolCallView node={validReadImageNode()} />)).toThrow('Tool cards need a <ToolCardProvider> above them.');
  });
});
