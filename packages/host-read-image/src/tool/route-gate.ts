import type { ModelResolver, ModelRoute } from '../seams/model-resolver.ts';
import { ReadImageError } from './read-image-failure.ts';

const SWITCH = 'switch to an image-capable model to read images';

/** Refuses unless the calling route's model declares image input; unknown capability refuses. */
export async function assertRouteAcceptsImages(models: ModelResolver, route: ModelRoute | undefined, signal: AbortSignal | undefined): Promise<void> {
  if (!route) {
    throw new ReadImageError('MODEL_ROUTE_MISSING', `no model route is known for this call; ${SWITCH}`);
  }
  const info = await models.resolveModelInfo(route, signal);
  const model = JSON.stringify(route.model);
  if (!info) {
    throw new ReadImageError(
      'MODEL_UNKNOWN',
      `model ${model} of provider ${JSON.stringify(route.provider)} is unknown, so its image input cannot be confirmed; ${SWITCH}`,
    );
  }
  if (!info.inputModalities) {
    throw new ReadImageError(
      'MODEL_IMAGE_INPUT_UNDECLARED',
      `model ${model} does not declare its input modalities, so its image input cannot be confirmed; ${SWITCH}`,
    );
  }
  if (!info.inputModalities.includes('image')) {
    throw new ReadImageError('MODEL_NO_IMAGE_INPUT', `model ${model} does not declare image input; ${SWITCH}`);
  }
}
