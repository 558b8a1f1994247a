import { cleanup, render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callImages, ToolCallView, type ToolViewOwnerProps } from '../../src/components';
import { callTreeFromMcp, type ToolCallNode } from '../../src/model';
import { ToolCardProvider, type PluginErrorReport, type ToolCardErrorReport, type ToolCardPlugin, type ToolCardProviderProps } from '../../src/plugins';
import { SlotRuleError, useSlotRegistry, type SlotRegistry } from '../../src/slots';
import { base64Of, headerFixture } from '../model/formats/fixture-images';
import { onlyRoot, RED_PNG_REF, toolCallEvent, toolResultEvent, validReadImageNode } from '../model/builders';
import { loadImageStub, rowOf } from '../components/harness';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The app's card: which call it shows and how many images it got. */
function AppCard({ node }: ToolViewOwnerProps): ReactNode {
  return (
    <p data-testid={`app-card-${node.callId}`}>
      app card: {node.name} with {callImages(node).length} images
    </p>
  );
}

function appCard(key: string, owner = 'my-app'): ToolCardPlugin {
  return (registry) => registry.register('tool.call.toolview', { owner, key, component: AppCard });
}

const screenshotCard = appCard('screenshot');

/** A `screenshot` call of the app's own, recorded in the harness's log format. */
function screenshotNode(callId = 'shot'): ToolCallNode {
  return onlyRoot([
    toolCallEvent(callId, 'screenshot', '{"url":"https://example.com/login"}'),
    toolResultEvent(callId, [
      { type: 'text', text: 'Captured https://example.com/login' },
      { type: 'image', attachment: RED_PNG_REF },
    ]),
  ]);
}

/** A `screenshot` call whose result came through MCP with an inline image: it would borrow the image card. */
function mcpScreenshotNode(): ToolCallNode {
  const [node] = callTreeFromMcp([
    {
      id: 'mcp-shot',
      name: 'screenshot',
      arguments: { url: 'https://example.com/login' },
      result: { content: [{ type: 'image', data: base64Of(headerFixture('rgb-37x23.png')), mimeType: 'image/png' }] },
    },
  ]).roots;
  if (node === undefined) throw new Error('the MCP call gave no node');
  return node;
}

function CaptureRegistry({ into }: { readonly into: SlotRegistry[] }): null {
  into.push(useSlotRegistry());
  return null;
}

function cards(nodes: readonly ToolCallNode[], props: Partial<ToolCardProviderProps> = {}): ReactNode {
  return (
    <ToolCardProvider loadImage={loadImageStub} {...props}>
      {nodes.map((node) => (
        <ToolCallView key={node.callId} node={node} />
      ))}
    </ToolCardProvider>
  );
}

function isPluginReport(report: ToolCardErrorReport): report is PluginErrorReport {
  return 'plugin' in report;
}

describe("an app's own toolview", () => {
  it('shows its own tool’s calls, with the call’s images', () => {
    render(cards([screenshotNode()], { plugins: [screenshotCard] }));
    expect(screen.getByTestId('app-card-shot').textContent).toBe('app card: screenshot with 1 images');
  });

  it('wins over the built-in read-family card for a built-in tool name, and nothing is reported', () => {
    const onSlotError = vi.fn();
    render(cards([validReadImageNode()], { plugins: [appCard('read_image')], onSlotError }));
    expect(screen.getByTestId('app-card-call-1').textContent).toBe('app card: read_image with 1 images');
    expect(document.querySelector('.tc-card--image')).toBeNull();
    expect(onSlotError).not.toHaveBeenCalled();
  });

  it('wins over the borrowed image card for a call from another format whose result has images', () => {
    const node = mcpScreenshotNode();
    render(cards([node]));
    expect(rowOf('mcp-shot').querySelector('.tc-card--image')).not.toBeNull();
    cleanup();

    render(cards([node], { plugins: [screenshotCard] }));
    expect(screen.getByTestId('app-card-mcp-shot').textContent).toBe('app card: screenshot with 1 images');
    expect(document.querySelector('.tc-card--image')).toBeNull();
  });
});

describe('a plugin that breaks a registry rule', () => {
  /** Registers a card for `diff`, then takes the seat of `screenshot` at the priority the app's card already holds. */
  const takesATakenSeat: ToolCardPlugin = (registry) => {
    const disposeDiff = registry.register('tool.call.toolview', { owner: 'careless-app', key: 'diff', component: AppCard });
    const disposeScreenshot = registry.register('tool.call.toolview', { owner: 'careless-app', key: 'screenshot', component: AppCard });
    return () => {
      disposeDiff();
      disposeScreenshot();
    };
  };

  it('is reported naming the plugin, the owner and the rule, is undone whole, and the other cards render', () => {
    const onSlotError = vi.fn<(report: ToolCardErrorReport) => void>();
    const registries: SlotRegistry[] = [];
    const diff = onlyRoot([toolCallEvent('diff-1', 'diff', '{}'), toolResultEvent('diff-1', [{ type: 'text', text: 'no changes' }])]);
    render(
      <ToolCardProvider loadImage={loadImageStub} plugins={[screenshotCard, takesATakenSeat]} onSlotError={onSlotError}>
        <CaptureRegistry into={registries} />
        {[screenshotNode(), diff, validReadImageNode()].map((node) => (
          <ToolCallView key={node.callId} node={node} />
        ))}
      </ToolCardProvider>,
    );

    expect(onSlotError).toHaveBeenCalledOnce();
    const [report] = onSlotError.mock.calls[0] ?? [];
    expect(report).toMatchObject({ plugin: 'takesATakenSeat', slot: 'tool.call.toolview', entryKey: 'screenshot', owner: 'careless-app' });
    expect(report?.error).toBeInstanceOf(SlotRuleError);
    expect(String(report?.error)).toContain('"my-app (tool.call.toolview:screenshot)" already holds it');

    expect(registries[0]?.resolve('tool.call.toolview', 'diff')).toBeUndefined();
    expect(screen.queryByTestId('app-card-diff-1')).toBeNull();
    expect(rowOf('diff-1').getAttribute('data-tool')).toBe('diff');
    expect(screen.getByTestId('app-card-shot')).toBeTruthy();
    expect(rowOf('call-1').querySelector('.tc-card--image')).not.toBeNull();
  });

  it('is skipped when it declares a child slot another entry declared, and the plugins after it still run', () => {
    const onSlotError = vi.fn<(report: ToolCardErrorReport) => void>();
    const secondImagesDeclarer: ToolCardPlugin = (registry) =>
      registry.register('tool.call.toolview', { owner: 'greedy-app', key: 'screenshot', component: AppCard, declares: ['tool.call.images'] });
    const registries: SlotRegistry[] = [];
    render(
      <ToolCardProvider loadImage={loadImageStub} plugins={[secondImagesDeclarer, screenshotCard]} onSlotError={onSlotError}>
        <CaptureRegistry into={registries} />
      </ToolCardProvider>,
    );
    expect(onSlotError).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ plugin: 'secondImagesDeclarer', slot: 'tool.call.images', owner: 'greedy-app' }),
    );
    expect(registries[0]?.resolve('tool.call.toolview', 'screenshot')?.owner).toBe('my-app');
    expect(registries[0]?.declarerOf('tool.call.images')?.owner).toBe('read-image-toolview');
  });

  it('is skipped, named by its place, when it throws an error of its own after registering', () => {
    const onSlotError = vi.fn<(report: ToolCardErrorReport) => void>();
    const registries: SlotRegistry[] = [];
    const failure = new Error('missing configuration');
    render(
      <ToolCardProvider
        loadImage={loadImageStub}
        plugins={[
          screenshotCard,
          (registry) => {
            registry.register('tool.call.toolview', { owner: 'half-app', key: 'diff', component: AppCard });
            throw failure;
          },
        ]}
        onSlotError={onSlotError}
      >
        <CaptureRegistry into={registries} />
      </ToolCardProvider>,
    );
    expect(onSlotError).toHaveBeenCalledExactlyOnceWith({ plugin: 'plugins[1]', slot: undefined, entryKey: undefined, owner: undefined, error: failure });
    expect(registries[0]?.resolve('tool.call.toolview', 'diff')).toBeUndefined();
    expect(registries[0]?.resolve('tool.call.toolview', 'screenshot')?.owner).toBe('my-app');
  });

  it('is reported after the provider mounted, so the app’s handler may set state', () => {
    const consoleError = vi.spyOn(console, 'error');
    function App(): ReactNode {
      const [reports, setReports] = useState<readonly string[]>([]);
      const report = (next: ToolCardErrorReport): void => {
        if (isPluginReport(next)) setReports((shown) => [...shown, next.plugin]);
      };
      return (
        <>
          <p data-testid="reports">{reports.join(', ')}</p>
          {cards([screenshotNode()], { plugins: [screenshotCard, appCard('screenshot', 'twin')], onSlotError: report })}
        </>
      );
    }
    render(<App />);
    expect(screen.getByTestId('reports').textContent).toBe('plugins[1]');
    expect(consoleError).not.toHaveBeenCalled();
  });
});

describe('plugins are read once', () => {
  it('run once under StrictMode, and their failures are reported once', () => {
    const plugin = vi.fn<ToolCardPlugin>(screenshotCard);
    const onSlotError = vi.fn();
    const registries: SlotRegistry[] = [];
    render(
      <ToolCardProvider loadImage={loadImageStub} plugins={[plugin, appCard('screenshot', 'twin')]} onSlotError={onSlotError}>
        <CaptureRegistry into={registries} />
        <ToolCallView node={screenshotNode()} />
      </ToolCardProvider>,
      { reactStrictMode: true },
    );
    expect(plugin).toHaveBeenCalledOnce();
    expect(onSlotError).toHaveBeenCalledOnce();
    expect(new Set(registries).size).toBe(1);
    expect(screen.getByTestId('app-card-shot')).toBeTruthy();
  });

  it('ignore a change of the plugins prop after mount', () => {
    const later = vi.fn<ToolCardPlugin>(appCard('diff'));
    const registries: SlotRegistry[] = [];
    const node = screenshotNode();
    const tree = (plugins: readonly ToolCardPlugin[]) => (
      <ToolCardProvider loadImage={loadImageStub} plugins={plugins}>
        <CaptureRegistry into={registries} />
        <ToolCallView node={node} />
      </ToolCardProvider>
    );
    const { rerender } = render(tree([screenshotCard]));
    rerender(tree([later]));
    expect(later).not.toHaveBeenCalled();
    expect(new Set(registries).size).toBe(1);
    expect(registries[0]?.resolve('tool.call.toolview', 'diff')).toBeUndefined();
    expect(screen.getByTestId('app-card-shot')).toBeTruthy();
  });
});
