/// <reference lib="dom" />
// A failing case laid out as the terminal block explains it: sent calls, what differs (both values, the difference
// marked), stderr, note, likely mistake, hint, and the reproduce and rerun commands with copy buttons.
import type { Spans } from '../core/difference-spans.ts';
import type { UiDifference, UiFailure } from '../core/ui-snapshot.ts';
import { h, mark } from './dom.ts';

function spans(value: Spans | undefined, side: 'expected' | 'received'): HTMLElement {
  if (value === undefined) return h('td', { class: 'absent', 'data-label': side }, side === 'expected' ? '(none: this key is not expected)' : '(missing)');
  return h('td', { 'data-label': side }, h('code', {}, value.before, value.changed === '' ? undefined : h('mark', { class: side }, value.changed), value.after));
}

function differences(list: UiDifference[]): HTMLElement | undefined {
  if (list.length === 0) return undefined;
  const rows = list.map((d) => h('tr', {}, h('th', { scope: 'row' }, h('code', {}, d.path)), spans(d.expected, 'expected'), spans(d.received, 'received')));
  return h('div', { class: 'table' }, h('table', { class: 'differences' }, h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'where'), h('th', { scope: 'col' }, 'expected'), h('th', { scope: 'col' }, 'received'))), h('tbody', {}, ...rows)));
}

// Copy a command; where the clipboard is refused, select it so the student can copy it by hand.
function copyButton(label: string, text: string, focusKey: string, target: () => HTMLElement): HTMLElement {
  const button = h('button', { type: 'button', class: 'copy', 'data-focus': focusKey, 'aria-label': `copy the ${label} command` }, 'copy');
  button.addEventListener('click', () => {
    const done = () => (button.textContent = 'copied ✓');
    navigator.clipboard?.writeText(text).then(done, () => {
      const range = document.createRange();
      range.selectNodeContents(target());
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      button.textContent = 'selected: press Ctrl-C';
    });
  });
  return button;
}

function command(label: string, text: string, key: string): HTMLElement {
  const code = h('code', {}, text);
  return h('div', { class: 'command' }, h('span', { class: 'label' }, `${label}:`), code, copyButton(label, text, `${key}:${label}`, () => code));
}

function part(label: string, ...content: (Node | undefined)[]): HTMLElement {
  return h('div', { class: `part ${label.replace(/\W+/g, '-')}` }, h('h4', {}, label), ...content);
}

// The block of one failing case.
export function failureView(f: UiFailure): HTMLElement {
  const key = `${f.stage}/${f.file}`;
  return h(
    'section',
    // Not a Tab stop: the skip link and the focus kept across a redraw land on it.
    { class: 'failure', 'aria-label': `failing case ${f.name}`, tabindex: '-1', 'data-focus': `failure:${key}` },
    h('h3', {}, mark('fail'), ` ${f.stage} › ${f.name} `, h('span', { class: 'file' }, f.file)),
    f.isNew === undefined ? undefined : h('p', { class: 'note new' }, h('strong', {}, 'new: '), f.isNew),
    part('sent', h('pre', {}, f.sent.join('\n'))),
    part(f.label, h('pre', { class: 'differs' }, f.differs.join('\n')), differences(f.differences)),
    f.stderr === '' ? undefined : part('stderr', h('pre', {}, f.stderr)),
    f.note === undefined ? undefined : h('p', { class: 'note' }, h('strong', {}, 'note: '), f.note),
    f.known === undefined ? undefined : h('p', { class: 'mistake known' }, h('strong', {}, 'known mistake: '), f.known),
    ...(f.knownHints ?? []).map((hint) => h('p', { class: 'hint' }, h('strong', {}, 'its hint: '), hint)),
    f.mistake === undefined ? undefined : h('p', { class: 'mistake' }, h('strong', {}, 'likely mistake: '), f.mistake),
    f.hint === undefined ? undefined : h('p', { class: 'hint' }, h('strong', {}, 'hint: '), f.hint),
    command('reproduce', f.reproduce, key),
    command('rerun', f.rerun, key),
  );
}
