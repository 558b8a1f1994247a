import { describe, expect, it } from 'vitest';

import { ConfigModelResolver } from '../../src/model-routes/config-model-resolver.ts';

describe('ConfigModelResolver', () => {
  const resolver = ConfigModelResolver.fromJson(
    JSON.stringify({
      models: [
        { provider: 'replay', model: 'vision', inputModalities: ['text', 'image'] },
        { provider: 'replay', model: 'text-only', inputModalities: ['text'] },
        { provider: 'replay', model: 'undeclared' },
      ],
    }),
  );

  it('resolves declared models by provider and model', async () => {
    expect(await resolver.resolveModelInfo({ provider: 'replay', model: 'vision' })).toEqual({
      id: 'vision',
      inputModalities: ['text', 'image'],
    });
    expect(await resolver.resolveModelInfo({ provider: 'replay', model: 'undeclared' })).toEqual({ id: 'undeclared' });
  });

  it('returns undefined for a model of another provider or an unknown model', async () => {
    expect(await resolver.resolveModelInfo({ provider: 'other', model: 'vision' })).toBeUndefined();
    expect(await resolver.resolveModelInfo({ provider: 'replay', model: 'nope' })).toBeUndefined();
  });

  it('rejects malformed configs with a message naming the entry', () => {
    expect(() => ConfigModelResolver.fromJson('[]')).toThrow('expected { "models": [...] }');
    expect(() => ConfigModelResolver.fromJson('{"models":[{"provider":"p"}]}')).toThrow('models[0]');
    expect(() => ConfigModelResolver.fromJson('{"models":[{"provider":"p","model":"m","inputModalities":"image"}]}')).toThrow('models[0].inputModalities');
  });
});
