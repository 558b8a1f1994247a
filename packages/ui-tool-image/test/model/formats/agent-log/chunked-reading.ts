import { AgentLogReader, type AgentLog } from '../../../../src/model';

/** `text` appended to an `AgentLogReader` in pieces cut at `cuts` (any order), then ended. */
export function readInChunks(text: string, cuts: readonly number[]): AgentLog {
  const reader = new AgentLogReader();
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    reader.append(text.slice(from, cut));
    from = cut;
  }
  reader.append(text.slice(from));
  reader.end();
  return reader.snapshot();
}
