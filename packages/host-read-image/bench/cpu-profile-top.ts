/** The frames of a V8 .cpuprofile that took the most time, by self time. */
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface FrameTime {
  readonly frame: string;
  readonly ms: number;
  readonly share: number;
}

export async function topFrames(profileFile: string, count: number): Promise<{ totalMs: number; frames: FrameTime[] }> {
  const profile = JSON.parse(await readFile(profileFile, 'utf8')) as CpuProfile;
  const frameOf = new Map(profile.nodes.map((node) => [node.id, describe(node)]));
  const selfUs = new Map<string, number>();
  profile.samples.forEach((nodeId, index) => {
    const frame = frameOf.get(nodeId) ?? '(unknown)';
    selfUs.set(frame, (selfUs.get(frame) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const totalUs = [...selfUs.values()].reduce((sum, us) => sum + us, 0);
  const frames = [...selfUs.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([frame, us]) => ({ frame, ms: us / 1000, share: us / totalUs }));
  return { totalMs: totalUs / 1000, frames };
}

function describe(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const name = functionName === '' ? '(anonymous)' : functionName;
  if (url === '') return name;
  const file = url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\/\.pnpm\/([^/]+)\/node_modules\//, '$1:')
    .replace(/^.*\/packages\//, '');
  return `${name} ${file}:${lineNumber + 1}`;
}
