import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { themeTier, themeTokens } from '../src/config/config.js';
import { configEntry } from './fixtures.js';

/** Theme tiers and sizes (docs/routes.md#app-shell-and-modals). */

const STYLES = join(process.cwd(), 'packages/web/src/styles');

const tokens = { '--color-primary': '#7a1f5c', '--font-family': 'Georgia, serif', '--radius': '0', '--color-background': '#fff8f0', 'color': 'red', '--color-danger': 'red;}' };
const theme = (value: unknown) => [configEntry('theme', value)];

describe('theme tiers', () => {
  it('tier 3 (and an unset tier) takes every plain token', () => {
    expect(themeTier(theme({ tokens }))).toBe(3);
    expect(themeTokens(theme({ tokens }))).toEqual({ '--color-primary': '#7a1f5c', '--font-family': 'Georgia, serif', '--radius': '0', '--color-background': '#fff8f0' });
    expect(themeTokens(theme({ tier: 3, tokens }))).toEqual(themeTokens(theme({ tokens })));
  });
  it('below tier 3 the base theme stays: only colours change', () => {
    expect(themeTokens(theme({ tier: 2, tokens }))).toEqual({ '--color-primary': '#7a1f5c', '--color-background': '#fff8f0' });
  });
  it('tier 1 keeps the default theme colours: nothing changes', () => {
    expect(themeTier(theme({ tier: '1', tokens }))).toBe(1);
    expect(themeTokens(theme({ tier: 1, tokens }))).toEqual({});
  });
  it('the theme carries the spec sizes: mobile footer 80px, mobile cart header 72px and footer 180px, header 105px, logo 32px', () => {
    const css = readFileSync(join(STYLES, 'theme.css'), 'utf8');
    for (const [name, value] of [
      ['--mobile-footer-height', '80px'],
      ['--mobile-cart-header-height', '72px'],
      ['--mobile-cart-footer-height', '180px'],
      ['--header-height-desktop', '105px'],
      ['--logo-height', '32px'],
    ]) expect(css).toContain(`${name}: ${value};`);
    const sizes = readFileSync(join(STYLES, 'parts/theme-sizes.css'), 'utf8');
    expect(sizes).toContain('var(--mobile-cart-header-height)');
    expect(sizes).toContain('var(--mobile-cart-footer-height)');
  });
});
