// The shell's first paint, inlined into its index.html's head: a style sheet and a classic script from
// the shell's `src/start-up` (first-paint.css, first-paint.inline.js), before the build's own tags.
// Inline, because anything fetched would cost a round trip before the first screen can start; the
// server allows the script by its hash in the page's content security policy.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { minifySync } from '@swc/core';

/** The HTML to add to the head of the app in `dir`; an empty string when it has no first paint. */
export const firstPaintTags = (dir) => {
  const script = path.join(dir, 'src/start-up/first-paint.inline.js');
  const style = path.join(dir, 'src/start-up/first-paint.css');
  if (!existsSync(script) || !existsSync(style)) return '';
  const { code } = minifySync(readFileSync(script, 'utf8'), { compress: true, mangle: true });
  const css = readFileSync(style, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{}:;,])\s*/g, '$1')
    .trim();
  if (/<\/(script|style)/i.test(code + css)) throw new Error('first paint: a closing tag inside the inlined code');
  return `<style>${css}</style><script>${code}</script>`;
};
