import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { AttachmentRef } from '../../../src/seams/attachment-store.ts';
import { StoreLayout } from '../../../src/store/local/store-layout.ts';
import { recordTopLevel } from '../../http/attachment-server.ts';
import { rawExchange, type RawRequest } from '../../support/raw-exchange.ts';
import type { BadInputCase, CaseContext, Outcome } from '../bad-input-case.ts';

/**
 * Requests to the attachment handler behind a real server: session `top` references one stored
 * image (`<id>` below), which a second session and an unreferenced object sit beside.
 */
interface RouteScene {
  readonly referenced: AttachmentRef;
  readonly unreferenced: AttachmentRef;
  readonly storeDir: string;
  readonly logsDir: string;
}

/** A route case: the request is built from the scene, sent raw, and its status and body are the outcome. */
function routeCase(
  name: string,
  code: string,
  says: RegExp,
  request: (scene: RouteScene) => RawRequest,
  prepare?: (scene: RouteScene) => Promise<void>,
): BadInputCase {
  return {
    group: 'Attachment route (HTTP)',
    name,
    code,
    says,
    run: async (c: CaseContext): Promise<Outcome> => {
      const server = await c.startServer();
      const referenced = (await server.save('#f00')).ref;
      const unreferenced = (await server.save('#00f')).ref;
      await server.record('top', (recorder) => recordTopLevel(recorder, referenced));
      await server.record('other', (recorder) => recordTopLevel(recorder, unreferenced));
      const scene = { referenced, unreferenced, storeDir: server.storeDir, logsDir: server.logsDir };
      await prepare?.(scene);
      return exchangeOutcome(server.port, request(scene));
    },
  };
}

/** One raw request to a case's server: its status is the code, its body the message. */
export async function exchangeOutcome(port: number, request: RawRequest): Promise<Outcome> {
  const response = await rawExchange(port, request);
  if (response === undefined) throw new Error('the server closed the connection without answering');
  return { code: `HTTP ${response.status}`, message: response.body.toString('utf8').trim() };
}

const NOT_FOUND = /^Not found$/;
const MALFORMED = /^Bad request: malformed id$/;
const attachment = (session: string, id: string) => `/sessions/${session}/attachments/${id}`;
const encoded = (ref: AttachmentRef) => encodeURIComponent(ref.attachmentId);

export const ATTACHMENT_ROUTE_CASES: readonly BadInputCase[] = [
  routeCase('an id in the store that the session does not reference', 'HTTP 404', NOT_FOUND, (s) => ({
    target: attachment('top', encoded(s.unreferenced)),
  })),
  routeCase('an id only another session references', 'HTTP 404', NOT_FOUND, (s) => ({
    target: attachment('other', encoded(s.referenced)),
  })),
  routeCase('an unknown session', 'HTTP 404', NOT_FOUND, (s) => ({ target: attachment('nobody', encoded(s.referenced)) })),
  routeCase(
    'a referenced id whose object is missing from the store',
    'HTTP 404',
    NOT_FOUND,
    () => ({ target: attachment('dangling', `sha256%3A${'0'.repeat(64)}`) }),
    async (s) => {
      const ref = { ...s.referenced, attachmentId: `sha256:${'0'.repeat(64)}` };
      await writeFile(path.join(s.logsDir, 'dangling.jsonl'), `${JSON.stringify({ type: 'x', data: { type: 'image', attachment: ref } })}\n`);
    },
  ),
  routeCase('`If-None-Match: *` for an unreferenced id (no 304)', 'HTTP 404', NOT_FOUND, (s) => ({
    target: attachment('top', encoded(s.unreferenced)),
    headers: [['If-None-Match', '*']],
  })),
  routeCase('traversal in the id (`..%2F..%2Fetc%2Fpasswd`)', 'HTTP 400', MALFORMED, () => ({
    target: attachment('top', '..%2F..%2Fetc%2Fpasswd'),
  })),
  routeCase('encoded dots as the id (`%2e%2e`)', 'HTTP 400', MALFORMED, () => ({ target: attachment('top', '%2e%2e') })),
  routeCase('raw `..` segments (`/sessions/top/attachments/../x`)', 'HTTP 400', MALFORMED, () => ({
    target: attachment('top', '../x'),
  })),
  routeCase('a double-encoded id (`%252e%252e`)', 'HTTP 400', MALFORMED, () => ({ target: attachment('top', '%252e%252e') })),
  routeCase('a NUL in the id (`%00`)', 'HTTP 400', MALFORMED, (s) => ({ target: attachment('top', `${encoded(s.referenced)}%00`) })),
  routeCase('a non-ASCII id (`%C3%A9`)', 'HTTP 400', MALFORMED, () => ({ target: attachment('top', 'caf%C3%A9') })),
  routeCase('invalid percent-encoding (`%zz`)', 'HTTP 400', MALFORMED, () => ({ target: attachment('top', '%zz') })),
  routeCase('an id over 200 characters', 'HTTP 400', MALFORMED, () => ({ target: attachment('top', 'a'.repeat(201)) })),
  routeCase('an empty session segment (`/sessions//attachments/…`)', 'HTTP 400', MALFORMED, (s) => ({
    target: attachment('', encoded(s.referenced)),
  })),
  routeCase('a method other than GET and HEAD (`DELETE`)', 'HTTP 405', /^Method not allowed$/, (s) => ({
    method: 'DELETE',
    target: attachment('top', encoded(s.referenced)),
  })),
  routeCase(
    'a referenced object corrupted in the store',
    'HTTP 500',
    /^The stored attachment is corrupt$/,
    (s) => ({ target: attachment('top', encoded(s.referenced)) }),
    (s) => writeFile(new StoreLayout(s.storeDir).object(s.referenced.attachmentId.slice('sha256:'.length)), 'damaged'),
  ),
  routeCase(
    'a session log that cannot be read (a directory)',
    'HTTP 500',
    /^Internal server error$/,
    (s) => ({ target: attachment('broken', encoded(s.referenced)) }),
    (s) => mkdir(path.join(s.logsDir, 'broken.jsonl')),
  ),
];
