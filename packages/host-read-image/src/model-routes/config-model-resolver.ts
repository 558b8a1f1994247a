import { checkEachOption, checkOption, NON_EMPTY_STRING, OPTIONS_OBJECT, rule } from '../options/check-option.ts';
import { InvalidOptionError } from '../options/invalid-option-error.ts';
import type { ModelInfo, ModelResolver, ModelRoute } from '../seams/model-resolver.ts';

/** One model of a recorded/replayed route, as declared in a replay config. */
export interface ConfiguredModel {
  readonly provider: string;
  readonly model: string;
  readonly inputModalities?: readonly string[];
}

const OWNER = 'ConfigModelResolver';

const MODEL_CONFIG = rule('a model config { "models": [...] }', (value): value is { readonly models: unknown } => OPTIONS_OBJECT.accepts(value));

/**
 * Resolves models from a static config, so keyless recorded sessions can pin both
 * sides of the image gate (an image-capable route and a text-only one).
 */
export class ConfigModelResolver implements ModelResolver {
  private readonly models: ReadonlyMap<string, ConfiguredModel>;

  /** Every entry is checked: a malformed one, or a second entry for a route, would silently go unused. */
  constructor(models: readonly ConfiguredModel[]) {
    const byRoute = new Map<string, ConfiguredModel>();
    checkEachOption(OWNER, 'models', models, OPTIONS_OBJECT).forEach((entry, index) => {
      const configured = checkedEntry(entry, `models[${String(index)}]`);
      const key = routeKey(configured);
      if (byRoute.has(key)) throw new InvalidOptionError(OWNER, `models[${String(index)}]`, 'a route no earlier entry configures', configured);
      byRoute.set(key, configured);
    });
    this.models = byRoute;
  }

  /** Parses a JSON config `{ "models": [{ "provider", "model", "inputModalities"? }] }`. */
  static fromJson(text: string): ConfigModelResolver {
    const config = checkOption(`${OWNER}.fromJson`, 'config', JSON.parse(text) as unknown, MODEL_CONFIG);
    // Checked entry by entry by the constructor.
    return new ConfigModelResolver(config.models as readonly ConfiguredModel[]);
  }

  resolveModelInfo(route: ModelRoute, signal?: AbortSignal): Promise<ModelInfo | undefined> {
    signal?.throwIfAborted();
    const entry = this.models.get(routeKey(route));
    if (!entry) return Promise.resolve(undefined);
    const info: ModelInfo = entry.inputModalities === undefined ? { id: entry.model } : { id: entry.model, inputModalities: entry.inputModalities };
    return Promise.resolve(info);
  }
}

function checkedEntry(entry: Readonly<Record<string, unknown>>, option: string): ConfiguredModel {
  const provider = checkOption(OWNER, `${option}.provider`, entry.provider, NON_EMPTY_STRING);
  const model = checkOption(OWNER, `${option}.model`, entry.model, NON_EMPTY_STRING);
  if (entry.inputModalities === undefined) return { provider, model };
  return { provider, model, inputModalities: checkEachOption(OWNER, `${option}.inputModalities`, entry.inputModalities, NON_EMPTY_STRING) };
}

function routeKey(route: ModelRoute): string {
  return JSON.stringify([route.provider, route.model]);
}
