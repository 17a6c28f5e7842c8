// Text made fit for an XML 1.0 document: what a terminal would act on is escaped as safeText does, and every
// character XML 1.0 forbids even as a reference (C0 controls, U+FFFE, U+FFFF, a lone surrogate) is shown as a
// visible `\uXXXX`, so strict parsers (libxml2, Jenkins) read the file and a reader still sees what was there.
import { safeText } from './safe-text.ts';

/** Characters outside XML 1.0's Char production once safeText has run: U+FFFE, U+FFFF and unpaired surrogates. */
const NOT_XML = /[\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

// The text with every character XML 1.0 cannot hold escaped visibly, then &, <, > and " as entities.
export function xmlText(text: string): string {
  return safeText(text)
    .replace(NOT_XML, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
