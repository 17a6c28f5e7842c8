// The gradebook as CSV, written so a spreadsheet reads every cell as what it is: numbers are plain decimals in their own
// columns (a stage's points and its maximum side by side, never "3/4", which opens as the 4th of March), and text that
// a spreadsheet would take for a formula, a date, a time or a number gets a leading ' so it stays text.
import { formatPoints, type Gradebook } from './gradebook.ts';
import { shortName } from './short-name.ts';
import type { CaseFailure } from './gradebook-failures.ts';

/** Text a spreadsheet would run (= + - @, or a tab or carriage return first: OWASP's CSV injection list). */
const FORMULA = /^[=+\-@\t\r]/;
/** Text a spreadsheet would convert: dates (3/4, 12-24, 2024-01-05, 5-Mar, Mar 5), times (10:30), numbers (1e5, 007, 1,234, (5), 50%, $5). */
const CONVERTED = [
  /^\s*\d{1,4}\s*[/.-]\s*\d{1,2}(\s*[/.-]\s*\d{1,4})?\s*$/,
  /^\s*\d{1,2}[\s/-]*(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?([\s/-]*\d{1,4})?\s*$/i,
  /^\s*(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?[\s/-]*\d{1,4}([\s,/-]*\d{1,4})?\s*$/i,
  /^\s*\d{1,2}:\d{2}(:\d{2})?\s*([ap]\.?m\.?)?\s*$/i,
  /^\s*[-+]?[$€£¥]?\s*\(?[-+]?(\d[\d,]*\.?\d*|\.\d+)(e[-+]?\d+)?\)?\s*%?\s*$/i,
  /^\s*(true|false)\s*$/i,
];

// Whether a spreadsheet would take a text cell for anything but text.
export function spreadsheetWouldConvert(text: string): boolean {
  return FORMULA.test(text) || CONVERTED.some((pattern) => pattern.test(text));
}

// A text cell: kept as text by a leading ' where a spreadsheet would convert it, quoted where CSV needs it.
export function textCell(value: string): string {
  const text = spreadsheetWouldConvert(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

// A number cell: a plain decimal (at most 2 decimals), which every spreadsheet reads as that number.
function numberCell(value: number): string {
  return formatPoints(value);
}

/** A CSV cell: a string is a text cell, a number a number cell. */
export type Cell = string | number;

// CSV text from rows of cells: strings are text cells, numbers are number cells.
export function csvOf(rows: Cell[][]): string {
  return `${rows.map((row) => row.map((c) => (typeof c === 'number' ? numberCell(c) : textCell(c))).join(',')).join('\n')}\n`;
}

// One row per submission: its folder name and path, score, cases, first failing stage, the points and maximum of each
// stage in two columns, and the problem (a crash at start, timeouts, crashes) in words.
export function gradebookCsv(book: Gradebook): string {
  const stageColumns = book.stages.flatMap((s) => [`${s} points`, `${s} max`]);
  const header = ['name', 'submission', 'score', 'max_score', 'passed', 'total', 'first_failing_stage', ...stageColumns, 'problem'];
  const rows = book.submissions.map((r): Cell[] => [
    shortName(r.submission), r.submission, r.score, r.maxScore, r.passed, r.total, r.firstFailingStage ?? '',
    ...book.stages.flatMap((s): Cell[] => { const st = r.stages[s]; return st ? [st.score, st.maxScore] : ['', '']; }),
    r.problem ?? '',
  ]);
  return csvOf([header, ...rows]);
}

// One row per failed case of every submission (unbounded, unlike the JSON's groups), for sorting and pivoting.
export function failuresCsv(submissions: { submission: string; failures: CaseFailure[] }[]): string {
  const header = ['name', 'submission', 'stage', 'case', 'status', 'private', 'points_lost', 'first_difference', 'note', 'likely_mistake', 'known_mistake', 'hint', 'file'];
  const rows = submissions.flatMap(({ submission, failures }) => failures.map((f): Cell[] => [
    shortName(submission), submission, f.stage, f.name, f.status, f.private ? 'private' : '', f.lost, f.difference, f.note ?? '', f.mistake ?? '', f.known ?? '', f.hint, f.file,
  ]));
  return csvOf([header, ...rows]);
}
