/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The themes' contract on the stylesheets' text: every colour, space, radius and font comes from a
 * `--tc-*` property, each property is defined, the dark palette written twice (OS preference and
 * forced) says the same thing twice, and the package README's table is the stylesheet's truth.
 * (That the cascade picks the right palette is checked in Chromium: stories/themes.)
 */

/** Read from disk: Vitest hands CSS modules (`?raw` included) to tests as empty strings. */
function source(path: string): string {
  return readFileSync(join(import.meta.dirname, '../..', path), 'utf8');
}

const readme = source('README.md');
const toolcardCss = source('src/styles/toolcard.css');
const galleryCss = source('src/components/gallery/gallery.css');
const lightboxCss = source('src/components/lightbox/lightbox.css');

const STYLESHEETS = { 'toolcard.css': toolcardCss, 'gallery.css': galleryCss, 'lightbox.css': lightboxCss };

type Declarations = ReadonlyMap<string, string>;

function withoutComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, '');
}

function declarationsOf(body: string): Map<string, string> {
  const declarations = new Map<string, string>();
  for (const declaration of body.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    declarations.set(
      declaration.slice(0, colon).trim(),
      declaration
        .slice(colon + 1)
        .trim()
        .replace(/\s+/g, ' '),
    );
  }
  return declarations;
}

/** The body of the one rule whose selector list (whitespace-normalised) is exactly `selector`. */
function ruleBody(css: string, selector: string): Declarations {
  const bodies: string[] = [];
  for (const match of withoutComments(css).matchAll(/([^{}]*)\{([^{}]*)\}/g)) {
    if ((match[1] ?? '').trim().replace(/\s+/g, ' ') === selector) bodies.push(match[2] ?? '');
  }
  expect(bodies, selector).toHaveLength(1);
  return declarationsOf(bodies[0] ?? '');
}

const LIGHT = ruleBody(toolcardCss, ':where(:root), :where([data-tc-theme="light"])');
const SHARED = ruleBody(toolcardCss, ':where(:root)');
const DARK_BY_OS = ruleBody(toolcardCss, ':where(:root:not([data-tc-theme="light"]))');
const DARK_FORCED = ruleBody(toolcardCss, ':where([data-tc-theme="dark"])');

/** Every property the stylesheets define, with its light (or only) value. */
const DEFINED = new Map([...LIGHT, ...SHARED]);

/** Every declaration outside the property definitions: `[where, property, value]`. */
function styleDeclarations(): [string, string, string][] {
  const found: [string, string, string][] = [];
  for (const [file, css] of Object.entries(STYLESHEETS)) {
    for (const match of withoutComments(css).matchAll(/([^{}]*)\{([^{}]*)\}/g)) {
      const selector = (match[1] ?? '').trim().replace(/\s+/g, ' ');
      for (const [property, value] of declarationsOf(match[2] ?? '')) {
        if (!property.startsWith('--')) found.push([`${file} ${selector}`, property, value]);
      }
    }
  }
  return found;
}

describe('theme properties', () => {
  it('the dark palette is the same whether the OS asks for it or data-tc-theme forces it', () => {
    expect(Object.fromEntries(DARK_FORCED)).toEqual(Object.fromEntries(DARK_BY_OS));
  });

  it('the dark palette gives every light palette property a value, and nothing else', () => {
    expect([...DARK_FORCED.keys()].sort()).toEqual([...LIGHT.keys()].sort());
  });

  it('the themed and the shared properties do not overlap', () => {
    expect([...LIGHT.keys()].filter((name) => SHARED.has(name))).toEqual([]);
  });

  it('every var(--tc-*) a stylesheet reads is defined', () => {
    const read = new Set<string>();
    for (const css of Object.values(STYLESHEETS)) {
      for (const match of css.matchAll(/var\((--tc-[\w-]+)/g)) read.add(match[1] ?? '');
    }
    expect([...read].filter((name) => !DEFINED.has(name))).toEqual([]);
  });
});

/** Lengths that are sizes or hairlines, not spaces, radii or fonts (README: "Not properties"). */
const LITERALS_ALLOWED = new Set([
  'toolcard.css .tc-visually-hidden margin: -1px',
  'toolcard.css .tc-row__state-icon line-height: 0.75rem',
  'toolcard.css .tc-row[data-state="running"] > .tc-row__header .tc-row__state-icon, .tc-row[data-state="preparing"] > .tc-row__header .tc-row__state-icon border-radius: 50%',
]);

const SPACE_RADIUS_FONT = /^(padding|margin|gap|row-gap|column-gap|border-radius|font|font-family|font-size|font-weight|line-height)(-|$)/;

describe('the stylesheets take every colour, space, radius and font from a property', () => {
  it('no colour literal outside the property definitions', () => {
    const literals = styleDeclarations().filter(([, , value]) => /#[0-9a-f]{3,8}\b|\b(rgba?|hsla?|oklch|lab|lch)\(/i.test(value));
    expect(literals).toEqual([]);
  });

  it('no literal space, radius or font outside the property definitions', () => {
    const literals = styleDeclarations()
      .filter(([, property]) => SPACE_RADIUS_FONT.test(property))
      .filter(([, , value]) =>
        value
          .replace(/var\(--tc-[\w-]+\)/g, '')
          .split(/[\s,/]+/)
          .some((token) => token !== '' && token !== '0' && /\d|"/.test(token)),
      )
      .map(([where, property, value]) => `${where} ${property}: ${value}`)
      .filter((literal) => !LITERALS_ALLOWED.has(literal));
    expect(literals).toEqual([]);
  });
});

interface TableRow {
  readonly light: string;
  readonly dark: string;
}

function readmeTable(): Map<string, TableRow> {
  const rows = new Map<string, TableRow>();
  for (const match of readme.matchAll(/^\| `(--tc-[\w-]+)` *\| `([^`]*)` *\| (?:`([^`]*)`)? *\|/gm)) {
    rows.set(match[1] ?? '', { light: match[2] ?? '', dark: match[3] ?? '' });
  }
  return rows;
}

describe('the package README documents the properties', () => {
  const table = readmeTable();

  it('one row per defined property, no row for anything else', () => {
    expect([...table.keys()].sort()).toEqual([...DEFINED.keys()].sort());
  });

  it('with the light value, and the dark value where the dark theme differs', () => {
    const documented = Object.fromEntries(table);
    const defined = Object.fromEntries([...DEFINED].map(([name, light]) => [name, { light, dark: DARK_FORCED.get(name) ?? '' }]));
    expect(documented).toEqual(defined);
  });
});
