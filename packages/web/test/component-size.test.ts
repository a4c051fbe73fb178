// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No component file over 250 lines in packages/web/src (docs/architecture.md#components-stay-small): a screen
 * that grows keeps its state in a reducer or model module with its own tests and splits its parts into
 * small files named for what they do.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const MAX_LINES = 250;

function componentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return componentFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

/** Lines as `wc -l` counts them: a file ending in a newline has no extra empty line. */
export const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

describe('component size', () => {
  it('counts lines as wc -l does', () => {
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
  });

  it(`no .tsx file in packages/web/src is over ${MAX_LINES} lines`, () => {
    const files = componentFiles(SRC);
    expect(files.length).toBeGreaterThan(50);
    const over = files
      .map((path) => ({ file: relative(SRC, path), lines: lineCount(readFileSync(path, 'utf8')) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(over, `split these (docs/architecture.md#components-stay-small):\n${over.join('\n')}`).toEqual([]);
  });
});
