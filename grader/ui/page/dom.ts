/// <reference lib="dom" />
// A small element builder for the page: text always goes in as text nodes, so nothing a program printed becomes markup.

type Child = Node | string | undefined | false;

// An element with attributes (a `class`, `data-*`, aria-*) and children; strings become text nodes.
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string | undefined> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
  for (const child of children) if (child !== undefined && child !== false) element.append(child);
  return element;
}

/** The symbol beside every status, so that colour is never the only sign. */
export const MARKS: Record<string, string> = { pass: '✓', fail: '✗', timeout: '⏱', error: '!', skip: '–', todo: '·', running: '◌' };

// A status mark: its symbol, its colour class, and its name for screen readers.
export function mark(status: string): HTMLElement {
  return h('span', { class: `mark ${status}`, role: 'img', 'aria-label': status }, MARKS[status] ?? '?');
}
