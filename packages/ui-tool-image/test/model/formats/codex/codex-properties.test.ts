import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksLikeCodexDocument, looksLikeCodexLine } from '../../../../src/model/formats/codex/codex-detection';
import { CodexReader, readCodexDocument } from '../../../../src/model/formats/codex/codex-reader';
import { anyText, IMAGE_BASE64, json, responseItem } from '../openai-responses/item-arbitraries';
import { checkStreamedReading } from '../reader-invariants';
import { STARTED } from './rollout';

const timestamp = fc.oneof(fc.constant(STARTED), anyText, json);
const lineType = fc.oneof(
  fc.constantFrom('session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted', 'world_state', 'inter_agent_communication'),
  anyText,
);
const payload = fc.oneof(
  responseItem,
  fc.record({ type: fc.oneof(fc.constantFrom('user_message', 'exec_command_end', 'token_count'), json), message: json }, { requiredKeys: [] }),
  fc.record(
    { id: json, cwd: json, cli_version: json, model: json, model_provider: json, replacement_history: fc.array(responseItem, { maxLength: 3 }) },
    { requiredKeys: [] },
  ),
  json,
);

/** Rollout lines of both eras, biased towards well-formed ones, with arbitrary JSON among them. */
const rolloutLine = fc.oneof(
  { arbitrary: fc.record({ timestamp, type: fc.constant('response_item'), payload: responseItem }), weight: 4 },
  { arbitrary: fc.record({ timestamp, type: lineType, payload }, { requiredKeys: ['type', 'payload'] }), weight: 3 },
  { arbitrary: responseItem, weight: 2 },
  fc.record({ id: json, timestamp, instructions: json }),
  fc.record({ record_type: json }),
  json,
);

describe('properties: Codex rollouts', () => {
  it('any JSON values as lines never throw, and every snapshot keeps its invariants', () => {
    fc.assert(
      fc.property(fc.array(json, { maxLength: 8 }), (values) => {
        checkStreamedReading(() => new CodexReader(), values, IMAGE_BASE64);
      }),
      { numRuns: 200 },
    );
  });

  it('generated rollouts of both eras keep the invariants as they stream', () => {
    fc.assert(
      fc.property(fc.array(rolloutLine, { maxLength: 14 }), (lines) => {
        checkStreamedReading(() => new CodexReader(), lines, IMAGE_BASE64);
      }),
      { numRuns: 300 },
    );
  });

  it('readCodexDocument and the detection predicates never throw on any value', () => {
    fc.assert(
      fc.property(
        fc.oneof(json, fc.record({ session: fc.record({ id: json, timestamp, instructions: json }), items: fc.array(responseItem, { maxLength: 6 }) })),
        (value) => {
          const { conversation } = readCodexDocument(value);
          expect(Array.isArray(conversation.items)).toBe(true);
          expect(typeof looksLikeCodexLine(value)).toBe('boolean');
          expect(typeof looksLikeCodexDocument(value)).toBe('boolean');
        },
      ),
      { numRuns: 200 },
    );
  });
});
