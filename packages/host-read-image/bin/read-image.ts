#!/usr/bin/env node
/**
 * Runs the real read_image tool once and prints what the model receives.
 *
 *   pnpm read-image <file> [--log session.jsonl] [--store dir] [--model-modalities text,image] [--cwd dir]
 *   pnpm read-image --demo   (reads a generated sample screenshot)
 */
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import sharp from 'sharp';

import { ConfigModelResolver, FileSink, LocalAttachmentStore, LocalFileSystem, SessionRecorder, createReadImageTool, type ToolResult } from '../src/index.ts';

const ROUTE = { provider: 'replay', model: 'cli-model' };
const USAGE =
  'usage: pnpm read-image <file> [--log session.jsonl] [--store dir] [--model-modalities text,image] [--cwd dir]\n' + '       pnpm read-image --demo';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      log: { type: 'string' },
      store: { type: 'string' },
      'model-modalities': { type: 'string', default: 'text,image' },
      cwd: { type: 'string' },
      demo: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help || (positionals.length !== 1 && !values.demo)) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  // pnpm runs scripts from the package folder; INIT_CWD is where the user typed the command.
  const cwd = path.resolve(values.cwd ?? process.env.INIT_CWD ?? process.cwd());
  const logPath = values.log === undefined ? undefined : path.resolve(cwd, values.log);
  if (logPath && existsSync(logPath)) {
    console.error(`read-image: ${logPath} already exists; pass a new file for --log (nothing was written)`);
    return 2;
  }
  const filePath = values.demo ? await writeDemoImage() : (positionals[0] ?? '');
  const storeDir = path.resolve(cwd, values.store ?? path.join(os.tmpdir(), 'toolcard-attachments'));

  const models = new ConfigModelResolver([{ ...ROUTE, inputModalities: values['model-modalities'].split(',').map((m) => m.trim()) }]);
  const tool = createReadImageTool({ fs: new LocalFileSystem(), attachments: new LocalAttachmentStore({ dir: storeDir }), models });
  const call = { callId: 'cli-call-1', name: tool.name, arguments: JSON.stringify({ file_path: filePath }) };
  const execute = () => tool.execute({ file_path: filePath }, { callId: call.callId, cwd, route: ROUTE });

  let result: ToolResult;
  if (logPath) {
    const recorder = await SessionRecorder.open({ sink: new FileSink(logPath), cwd });
    await recorder.startTurn(1);
    await recorder.startStep(1, 1);
    await recorder.requestHeader(ROUTE);
    await recorder.assistantMessage({
      turn: 1,
      step: 1,
      route: ROUTE,
      content: [{ type: 'tool-call', id: call.callId, name: call.name, arguments: call.arguments }],
    });
    [result] = (await recorder.recordStep({ turn: 1, step: 1, calls: [call], execute })) as [ToolResult];
    await recorder.endStep(1, 1);
    await recorder.endTurn(1);
  } else {
    result = await execute();
  }

  printResult(result);
  console.error(`\nattachment store: ${storeDir}${logPath ? `\nsession log: ${logPath}` : ''}`);
  return result.isError ? 1 : 0;
}

function printResult(result: ToolResult): void {
  console.log(result.isError ? '— tool result (isError: true) —' : '— tool result —');
  for (const block of result.content) {
    console.log(block.type === 'text' ? block.text : `[image block] ${JSON.stringify(block.attachment)}`);
  }
  if (result.error) console.log(`error: ${result.error.name} ${result.error.code}`);
  if (result.meta) console.log(`presentationMeta: ${JSON.stringify(result.meta)}`);
}

/** A screenshot-like sample, large enough to show the downscale note. */
async function writeDemoImage(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'toolcard-demo-'));
  const file = path.join(dir, 'sample-screenshot.png');
  const bars = Array.from({ length: 12 }, (_, i) => ({
    input: { create: { width: 2400 - i * 120, height: 60, channels: 3 as const, background: i % 2 ? '#3b82f6' : '#94a3b8' } },
    top: 120 + i * 90,
    left: 80,
  }));
  await sharp({ create: { width: 2880, height: 1620, channels: 3, background: '#f8fafc' } })
    .composite(bars)
    .png()
    .toFile(file);
  return file;
}

process.exitCode = await main();
