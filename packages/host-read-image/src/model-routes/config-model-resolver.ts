import type { ModelInfo, ModelResolver, ModelRoute } from '../seams/model-resolver.ts';

/** One model of a recorded/replayed route, as declared in a replay config. */
export interface ConfiguredModel {
  readonly provider: string;
  readonly model: string;
  readonly inputModalities?: readonly string[];
}

/**
 * Resolves models from a static config, so keyless recorded sessions can pin both
 * sides of the image gate (an image-capable route and a text-only one).
 */
export class ConfigModelResolver implements ModelResolver {
  private readonly models: ReadonlyMap<string, ConfiguredModel>;

  constructor(models: readonly ConfiguredModel[]) {
    this.models = new Map(models.map((entry) => [routeKey(entry), entry]));
  }

  /** Parses a JSON config `{ "models": [{ "provider", "model", "inputModalities"? }] }`. */
  static fromJson(text: string): ConfigModelResolver {
    return new ConfigModelResolver(parseModelConfig(JSON.parse(text) as unknown));
  }

  resolveModelInfo(route: ModelRoute, signal?: AbortSignal): Promise<ModelInfo | undefined> {
    signal?.throwIfAborted();
    const entry = this.models.get(routeKey(route));
    if (!entry) return Promise.resolve(undefined);
    const info: ModelInfo = entry.inputModalities === undefined ? { id: entry.model } : { id: entry.model, inputModalities: entry.inputModalities };
    return Promise.resolve(info);
  }
}

function routeKey(route: ModelRoute): string {
  return JSON.stringify([route.provider, route.model]);
}

function parseModelConfig(config: unknown): ConfiguredModel[] {
  const models = isRecord(config) ? config.models : undefined;
  if (!Array.isArray(models)) throw new TypeError('model config: expected { "models": [...] }');
  return models.map((entry: unknown, index) => {
    if (!isRecord(entry) || typeof entry.provider !== 'string' || typeof entry.model !== 'string') {
      throw new TypeError(`model config: models[${index}] needs string "provider" and "model"`);
    }
    const modalities = entry.inputModalities;
    if (modalities === undefined) return { provider: entry.provider, model: entry.model };
    if (!Array.isArray(modalities) || !modalities.every((m): m is string => typeof m === 'string')) {
      throw new TypeError(`model config: models[${index}].inputModalities must be an array of strings`);
    }
    return { provider: entry.provider, model: entry.model, inputModalities: modalities };
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
