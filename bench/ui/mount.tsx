import { useLayoutEffect, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { MountTimes } from './bench-api';
import { afterNextPaint, recordLongTasks } from './frames';

let mounted: { readonly root: Root; readonly container: HTMLElement } | undefined;

/** A replay whose rows are still mounting marks itself busy (SessionReplay); the floor never does. */
const MOUNTING_REPLAY = '.tc-replay[aria-busy="true"]';

function CommitSignal({ onCommit, children }: { readonly onCommit: () => void; readonly children: ReactNode }): ReactNode {
  // Layout effects run parent-last: this one runs once the whole tree below has committed.
  useLayoutEffect(() => {
    onCommit();
  }, [onCommit]);
  return children;
}

function isMountingRows(container: HTMLElement): boolean {
  return container.querySelector(MOUNTING_REPLAY) !== null;
}

/** Resolves in the microtask after the commit that mounts the replay's last row. */
function lastRowMounted(container: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (isMountingRows(container)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(container, { subtree: true, attributeFilter: ['aria-busy'] });
  });
}

/** Mounts `element` in a fresh root at the top of the page, and times it until every row is mounted and painted. */
export async function mountUntilAllRowsPainted(element: ReactNode): Promise<MountTimes> {
  if (mounted !== undefined) throw new Error('The previous mount was not unmounted.');
  window.scrollTo(0, 0);
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  mounted = { root, container };
  const longTasks = recordLongTasks();
  performance.mark('uibench:mount:start');
  const start = performance.now();
  await new Promise<void>((resolve) => {
    root.render(<CommitSignal onCommit={resolve}>{element}</CommitSignal>);
  });
  await afterNextPaint();
  const firstRenderMs = performance.now() - start;
  const firstRenderElements = mountedElementCount();
  if (isMountingRows(container)) {
    await lastRowMounted(container);
    await afterNextPaint();
  }
  const allRowsMs = performance.now() - start;
  performance.mark('uibench:mount:end');
  return { firstRenderMs, firstRenderElements, allRowsMs, longestTaskMs: longTasks.stop() };
}

export function mountedElementCount(): number {
  return mounted?.container.getElementsByTagName('*').length ?? 0;
}

/** Unmounts the current root and lets a frame pass, so cleanups React defers have run. */
export async function unmountCurrent(): Promise<void> {
  if (mounted === undefined) return;
  mounted.root.unmount();
  mounted.container.remove();
  mounted = undefined;
  await afterNextPaint();
}
