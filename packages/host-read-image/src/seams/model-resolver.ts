export interface ModelRoute {
  readonly provider: string;
  readonly model: string;
}

export interface ModelInfo {
  readonly id: string;
  /** Undefined means the capability is unknown (the read_image gate refuses). */
  readonly inputModalities?: readonly string[];
}

export interface ModelResolver {
  resolveModelInfo(route: ModelRoute, signal?: AbortSignal): Promise<ModelInfo | undefined>;
}
