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
    expect(() => ConfigModelResolver.fromJson('[]')).toThrow(
      'ConfigModelResolver.fromJson: option config must be a model config { "models": [...] }, got an array of 0.',
    );
    expect(() => ConfigModelResolver.fromJson('{}')).toThrow(
      'ConfigModelResolver: option models must be an array, each element an options object, got undefined.',
    );
    expect(() => ConfigModelResolver.fromJson('{"models":[{"provider":"p"}]}')).toThrow(
      'ConfigModelResolver: option models[0].model must be a non-empty string, got undefined.',
    );
    expect(() => ConfigModelResolver.fromJson('{"models":[{"provider":"p","model":"m","inputModalities":"image"}]}')).toThrow(
      'ConfigModelResolver: option models[0].inputModalities must be an array, each element a non-empty string, got "image".',
    );
  });

  it('refuses a second entry for a route, which would silently go unused', () => {
    expect(
      () =>
        new ConfigModelResolver([
          { provider: 'p', model: 'm', inputModalities: ['text', 'image'] },
          { provider: 'p', model: 'm', inputModalities: ['text'] },
        ]),
    ).toThrow(
      'ConfigModelResolver: option models[1] must be a route no earlier entry configures, got {"provider":"p","model":"m","inputModalities":["text"]}.',
    );
  });
});
