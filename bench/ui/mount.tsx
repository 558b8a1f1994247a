import { useLayoutEffect, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterNextPaint } from './frames';

let mounted: { readonly root: Root; readonly container: HTMLElement } | undefined;

function CommitSignal({ onCommit, children }: { readonly onCommit: () => void; readonly children: ReactNode }): ReactNode {
  // Layout effects run parent-last: this one runs once the whole tree below has committed.
  useLayoutEffect(() => {
    onCommit();
  }, [onCommit]);
  return children;
}

/**
 * Mounts `element` in a fresh root at the top of the page. Returns the ms from `root.render` to the
 * first painted frame after the commit: render, commit, layout effects, and the browser's style,
 * layout and paint of that frame (passive effects too, when React runs them before the frame).
 */
export async function mountUntilPainted(element: ReactNode): Promise<number> {
  if (mounted !== undefined) throw new Error('The previous mount was not unmounted.');
  window.scrollTo(0, 0);
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  mounted = { root, container };
  const start = performance.now();
  await new Promise<void>((resolve) => {
    root.render(<CommitSignal onCommit={resolve}>{element}</CommitSignal>);
  });
  await afterNextPaint();
  return performance.now() - start;
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
