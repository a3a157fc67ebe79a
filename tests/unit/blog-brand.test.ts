// The blog accent rule (shared by the API and the workspace form) and how a typed logo is read.
import { describe, expect, it } from 'vitest';
import { parseLogo } from '../../api/services/projects/blog-brand.ts';
import { accentProblem, contrastOnWhite, normaliseAccent } from '../../src/lib/projects/blog-brand.ts';

describe('accent colour', () => {
  it('measures WCAG contrast against white', () => {
    expect(contrastOnWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastOnWhite('#ffffff')).toBeCloseTo(1, 5);
    expect(contrastOnWhite('#767676')).toBeCloseTo(4.54, 2); // the lightest grey that passes AA
    expect(contrastOnWhite('#777777')).toBeCloseTo(4.48, 2);
  });

  it('accepts #rrggbb in any case and refuses other spellings and light colours', () => {
    expect(normaliseAccent(' #0F766E ')).toBe('#0f766e');
    expect(normaliseAccent('#fff')).toBeNull();
    expect(normaliseAccent('rgb(0,0,0)')).toBeNull();
    expect(accentProblem('#767676')).toBeNull();
    expect(accentProblem('#777777')).toBe(
      "#777777 is too light on the blog's white page (contrast 4.4:1); links and buttons need at least 4.5:1. Choose a darker colour.",
    );
    expect(accentProblem('teal')).toBe('Please enter a colour as #rrggbb, like #4f46e5.');
  });
});

describe('logo', () => {
  const site = 'https://inkpilot.app';
  const id = '0b6f1c1e-3c1a-4a55-9d7e-1f2a3b4c5d6e';

  it('reads an image of the app by id, path or full address on SITE_URL', () => {
    expect(parseLogo(id.toUpperCase(), site)).toEqual({ kind: 'media', id });
    expect(parseLogo(`/api/media/${id}`, site)).toEqual({ kind: 'media', id });
    expect(parseLogo(`https://inkpilot.app/api/media/${id}`, site)).toEqual({ kind: 'media', id });
  });

  it('keeps an https address as written and refuses anything else', () => {
    expect(parseLogo('  ', site)).toEqual({ kind: 'none' });
    expect(parseLogo('https://cdn.acme-test.com/logo.png?v=2', site)).toEqual({
      kind: 'url',
      href: 'https://cdn.acme-test.com/logo.png?v=2',
    });
    for (const bad of [
      'http://cdn.acme-test.com/logo.png',
      'https://user:pw@cdn.acme-test.com/l.png',
      'https://localhost/l.png',
      'data:image/png;base64,AA',
      '/logo.png',
      'logo',
    ])
      expect(parseLogo(bad, site), bad).toBeNull();
  });
});
