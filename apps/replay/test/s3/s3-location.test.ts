import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { isMirroredKey, keyOfLocalPath, localPathOfKey } from '../../src/s3/s3-key-path.ts';
import { formatS3Location, isS3Url, parseS3Location, S3LocationError } from '../../src/s3/s3-location.ts';

describe('s3://bucket/prefix', () => {
  it('reads the bucket and the prefix as a folder (a trailing slash added), the whole bucket without one', () => {
    expect(parseS3Location('s3://toolcard-runs/nightly/2026-12-04')).toEqual({ bucket: 'toolcard-runs', prefix: 'nightly/2026-12-04/' });
    expect(parseS3Location('s3://toolcard-runs/nightly/')).toEqual({ bucket: 'toolcard-runs', prefix: 'nightly/' });
    expect(parseS3Location('s3://my.bucket-1')).toEqual({ bucket: 'my.bucket-1', prefix: '' });
    expect(parseS3Location('s3://my.bucket-1/')).toEqual({ bucket: 'my.bucket-1', prefix: '' });
    expect(formatS3Location(parseS3Location('s3://abc/x'))).toBe('s3://abc/x/');
    expect(isS3Url('S3://abc')).toBe(true);
    expect(isS3Url('./s3://abc')).toBe(false);
  });

  it.each([
    ['http://bucket/prefix', /is not an s3:\/\/ URL/],
    ['s3://', /the bucket name is empty/],
    ['s3:///prefix', /the bucket name is empty/],
    ['s3://ab/x', /"ab" is not 3 to 63 characters long/],
    [`s3://${'a'.repeat(64)}`, /is not 3 to 63 characters long/],
    ['s3://My_Bucket/x', /characters other than lowercase letters, digits/],
    ['s3://-bucket', /does not begin and end with a letter or digit/],
    ['s3://bucket./x', /does not begin and end with a letter or digit/],
    ['s3://my..bucket', /two adjacent periods/],
    ['s3://192.168.5.4', /formatted as an IP address/],
    ['s3://xn--bucket', /reserved "xn--"/],
    ['s3://bucket-s3alias', /reserved "-s3alias"/],
    ['s3://bucket/a\nb', /control character/],
    [`s3://bucket/${'k'.repeat(1024)}`, /1024-byte key limit/],
  ])('refuses %j with a clear error', (text, message) => {
    expect(() => parseS3Location(text)).toThrow(S3LocationError);
    expect(() => parseS3Location(text)).toThrow(message);
  });
});

describe('S3 keys as paths of the mirror folder', () => {
  const folder = path.resolve('/cache/mirror');

  it('mirrors session files and review sidecars only', () => {
    expect(['a.jsonl', 'a.json', 'a.jsonl.review.jsonl', 'a.png', 'a.jsonl.part', 'jsonl'].map(isMirroredKey)).toEqual([true, true, true, false, false, false]);
  });

  it('places a key at its path under the folder, and finds the key of a local path', () => {
    expect(localPathOfKey(folder, 'runs/', 'runs/a/b.jsonl')).toEqual({ path: path.join(folder, 'a', 'b.jsonl') });
    expect(localPathOfKey(folder, '', 'top.json')).toEqual({ path: path.join(folder, 'top.json') });
    expect(keyOfLocalPath(folder, 'runs/', path.join(folder, 'a', 'b.jsonl'))).toBe('runs/a/b.jsonl');
    expect(keyOfLocalPath(folder, 'runs/', path.join(folder, '..', 'b.jsonl'))).toBeUndefined();
    expect(keyOfLocalPath(folder, 'runs/', folder)).toBeUndefined();
  });

  it.each([
    ['runs/../escape.jsonl', /"\." or "\.\." segment/],
    ['runs/a/../../escape.jsonl', /"\." or "\.\." segment/],
    ['runs/..', /"\." or "\.\." segment/],
    ['runs/./a.jsonl', /"\." or "\.\." segment/],
    ['runs//etc/cron.jsonl', /absolute path/],
    ['runs/a//b.jsonl', /empty segment/],
    ['runs/..\\..\\evil.jsonl', /backslash/],
    ['runs/C:\\evil.jsonl', /backslash/],
    ['runs/a\0.jsonl', /NUL/],
    ['other/a.jsonl', /not under the prefix/],
  ])('refuses the key %j', (key, problem) => {
    const place = localPathOfKey(folder, 'runs/', key);
    expect(place).toEqual({ problem: expect.stringMatching(problem) as unknown });
  });
});
