/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The page's script: draws each snapshot the server sends over its live channel, shows the chosen stage's text with
// its code highlighted, and sends the watch keys. Bundled by scripts/build.mjs; it loads nothing from anywhere.
import hljs from 'highlight.js/lib/core';
import typescript from 'highlight.js/lib/languages/typescript';
import json from 'highlight.js/lib/languages/json';
import bash from 'highlight.js/lib/languages/bash';
import type { UiSnapshot, UiStageRun } from '../core/ui-snapshot.ts';
import type { StageHtml } from '../core/stage-html.ts';
import { h, mark } from './dom.ts';
import { failureView } from './failure-view.ts';
import { markScrollers, watchScrollers } from './scroll-marks.ts';

hljs.registerLanguage('typescript', typescript);
hljs.registerLanguage('json', json);
hljs.registerLanguage('bash', bash);
hljs.registerAliases(['ts'], { languageName: 'typescript' });
hljs.registerAliases(['sh', 'shell'], { languageName: 'bash' });

const token = new URLSearchParams(location.search).get('token') ?? '';
const withToken = (path: string, params: Record<string, string> = {}) => `${path}?${new URLSearchParams({ ...params, token })}`;
const byId = (id: string) => document.getElementById(id) as HTMLElement;

let last: UiSnapshot | undefined;
/** The stage whose text is shown: one the student clicked, else the watch's current stage. */
let chosen: string | undefined;
let shownText: string | undefined;
/** The HTML last put on the page, so that fetching the same text again changes nothing (scroll and focus stay). */
let shownHtml: string | undefined;
let wasRunning = false;

function pressKey(key: string): void {
  void fetch(withToken('/key'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ key }) });
}

function keysBar(s: UiSnapshot): void {
  byId('keys').replaceChildren(...s.keys.map((k) => {
    const button = h('button', { type: 'button', 'data-focus': `key:${k.key}`, 'aria-keyshortcuts': k.letter, ...(k.pressed !== undefined ? { 'aria-pressed': String(k.pressed) } : {}) }, h('kbd', {}, k.letter), ` ${k.label}`);
    button.addEventListener('click', () => pressKey(k.key));
    return button;
  }));
}

function stageList(s: UiSnapshot): void {
  const shown = chosen ?? s.current;
  byId('stage-list').replaceChildren(...s.stages.map((stage) => {
    const status = s.runningStage === stage.slug ? 'running' : stage.status;
    const score = stage.score ?? `not yet, ${stage.caseCount} ${stage.caseCount === 1 ? 'case' : 'cases'}`;
    const button = h('button', { type: 'button', 'data-focus': `stage:${stage.slug}`, 'data-slug': stage.slug, ...(shown === stage.slug ? { 'aria-current': 'page' } : {}) },
      mark(status), h('span', { class: 'slug' }, stage.slug), h('span', { class: 'title' }, stage.title), h('span', { class: `score ${stage.status}` }, score));
    button.addEventListener('click', () => {
      chosen = stage.slug === s.current ? undefined : stage.slug;
      draw();
      byId('text').focus();
    });
    return h('li', { class: s.current === stage.slug ? 'current' : undefined }, button);
  }));
}

function stageRun(run: UiStageRun): HTMLElement {
  const status = run.status ?? (last?.runningStage === run.slug ? 'running' : 'todo');
  const header = h('h2', {}, mark(status), ` ${run.slug} `, h('span', { class: 'dim' }, `· ${run.title} · ${run.planned} cases`));
  if (run.status === 'skip') return h('section', { class: 'stage-run skip' }, header, h('p', { class: 'dim' }, `skipped: ${run.skipReason ?? 'not run'}`));
  const cases = h('ul', { class: 'cases' }, ...run.cases.map((c) => h('li', {}, mark(c.status), ` ${c.name} `, h('span', { class: 'dim' }, `${c.ms} ms`))));
  const problem = run.problem === undefined ? undefined : h('pre', { class: 'problem' }, `program.ts could not be run:\n${run.problem}`);
  const more = run.more === undefined ? undefined : h('div', { class: 'more' }, h('h3', {}, `… ${run.more.length} more failing cases (rerun one to see it in full)`),
    h('ul', {}, ...run.more.map((m) => h('li', {}, mark('fail'), ` ${m.name} `, h('span', { class: 'dim' }, `— ${m.line}`), h('br', {}), h('code', {}, m.rerun)))));
  const regression = run.regression ? h('p', { class: 'regression' }, mark('fail'), ` ${run.slug} passed before and fails now: this save broke it`) : undefined;
  return h('section', { class: `stage-run ${status}`, 'data-stage': run.slug }, header, regression, cases, problem, ...run.failures.map(failureView), more);
}

function results(s: UiSnapshot): void {
  const parts: Node[] = [];
  if (s.broken) parts.push(h('pre', { class: 'problem' }, s.broken.join('\n')));
  if (s.hints && s.hints.length > 0) parts.push(h('section', { class: 'hints' }, h('h2', {}, 'hints'), h('ul', {}, ...s.hints.map((x) => h('li', {}, h('strong', {}, `${x.name}: `), x.hint)))));
  parts.push(...s.run.filter((r) => r.status !== 'skip' || r.cases.length > 0).map(stageRun));
  const skipped = s.run.filter((r) => r.status === 'skip').map((r) => r.slug);
  if (skipped.length > 0) parts.push(h('p', { class: 'dim skipped' }, `${mark('skip').textContent} skipped: ${skipped.join(', ')}`));
  if (s.summary) parts.push(h('p', { class: 'summary' }, s.summary));
  byId('results').replaceChildren(...parts);
  // The skip link to the first failing case, there only while a case fails.
  const first = byId('results').querySelector<HTMLElement>('.failure');
  first?.setAttribute('id', 'first-failure');
  byId('skip-failure').hidden = first === null;
}

function statusLine(s: UiSnapshot): void {
  const kind = s.isRunning ? 'running' : s.broken ? 'fail' : s.status.startsWith('✓') ? 'pass' : s.status.startsWith('✗') ? 'fail' : 'todo';
  const status = byId('status');
  status.className = kind;
  status.replaceChildren(kind === 'running' ? mark('running') : '', ` ${s.status}`, s.notice ? h('span', { class: 'notice' }, ` — ${s.notice}`) : '');
}

async function stageText(slug: string | undefined): Promise<void> {
  if (slug === undefined || slug === shownText) return;
  shownText = slug;
  const response = await fetch(withToken('/stage', { slug }));
  if (!response.ok || shownText !== slug) return;
  const text = (await response.json()) as StageHtml;
  if (text.html === shownHtml) return;
  shownHtml = text.html;
  const body = byId('stage-body');
  body.innerHTML = text.html;
  for (const code of body.querySelectorAll<HTMLElement>('pre code[class*="language-"]')) {
    const lang = /language-([\w-]+)/.exec(code.className)?.[1];
    if (lang && hljs.getLanguage(lang)) hljs.highlightElement(code);
  }
  markScrollers(body);
  // Sections (##) with their subsections (###) nested under them.
  const top = h('ol', {});
  let sub: HTMLElement | undefined;
  for (const heading of text.headings) {
    const link = h('a', { href: `#${heading.id}` }, heading.text.replace(/`/g, ''));
    if (heading.depth === 2 || (heading.depth === 3 && !top.lastElementChild)) {
      top.append(h('li', {}, link));
      sub = undefined;
    } else if (heading.depth === 3) {
      if (!sub) top.lastElementChild?.append((sub = h('ol', {})));
      sub?.append(h('li', {}, link));
    }
  }
  byId('toc').replaceChildren(h('h2', {}, `stage: ${slug}`), top);
}

/** What each part of the page was last drawn from, so that a snapshot redraws only the parts it changed. */
const drawnFrom = new Map<string, string>();

// Whether a part must be drawn again: what it is drawn from differs from last time.
function isChanged(part: string, from: unknown): boolean {
  const key = JSON.stringify(from);
  if (drawnFrom.get(part) === key) return false;
  drawnFrom.set(part, key);
  return true;
}

// Redraw from the last snapshot the parts it changed, keeping the focused control focused across the redraw. During a
// run a snapshot comes every 250 ms; rebuilding and laying out the whole page each time took the CPU the run needed
// (scripts/ui-latency.ts: the page's tab spent 190 ms of CPU per save on the two cores the grading shared).
function draw(): void {
  if (!last) return;
  const s = last;
  const focused = (document.activeElement as HTMLElement | null)?.dataset?.focus;
  if (isChanged('keys', s.keys)) keysBar(s);
  if (isChanged('stages', [s.stages, s.runningStage, s.current, chosen])) stageList(s);
  if (isChanged('results', [s.broken, s.hints, s.run, s.summary, s.runningStage])) {
    results(s);
    markScrollers(byId('results'));
  }
  if (isChanged('status', [s.isRunning, s.broken !== undefined, s.status, s.notice])) statusLine(s);
  if (focused && (document.activeElement as HTMLElement | null)?.dataset?.focus !== focused) document.querySelector<HTMLElement>(`[data-focus="${CSS.escape(focused)}"]`)?.focus({ preventScroll: true });
  void stageText(chosen ?? s.current);
}

const LETTERS: Record<string, string> = { r: 'rerun', a: 'all', f: 'failed', n: 'next', h: 'hint' };
document.addEventListener('keydown', (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target as HTMLElement;
  if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
  const key = LETTERS[event.key.toLowerCase()];
  if (key) {
    event.preventDefault();
    pressKey(key);
  }
});

// A skip link moves the focus to its target (the folded stage list opens first), so that the next Tab goes on from there.
for (const link of document.querySelectorAll<HTMLAnchorElement>('#skips a')) {
  link.addEventListener('click', (event) => {
    const target = document.querySelector<HTMLElement>(link.hash);
    if (!target) return;
    event.preventDefault();
    if (target.closest('details')) (byId('stages-box') as HTMLDetailsElement).open = true;
    target.focus();
  });
}
watchScrollers();

// A narrow screen starts with the stage list folded: the results and the text come first.
if (matchMedia('(max-width: 759px)').matches) byId('stages-box').removeAttribute('open');

const events = new EventSource(withToken('/events'));
events.onmessage = (event) => {
  last = JSON.parse(event.data as string) as UiSnapshot;
  // After each run the text is fetched again: an author editing the stage's Markdown sees the change.
  if (wasRunning && !last.isRunning) shownText = undefined;
  wasRunning = last.isRunning;
  document.body.dataset.state = last.isRunning ? 'running' : 'idle';
  draw();
};
events.onerror = () => {
  const status = byId('status');
  status.className = 'fail';
  status.textContent = '✗ lost the connection to dispatch-lab ui (is it still running?); retrying…';
};
