// How a spreadsheet reads a CSV file, for tests: parse it with a real CSV parser (csv-parse), then apply the type
// guesses Excel, LibreOffice Calc and Google Sheets make when they open a CSV with default settings. Quoting a field
// does not stop those guesses (Excel converts "3/4" in quotes too), so a field is judged by its text alone.
// Written independently of grader/gradebook/core/gradebook-csv.ts, so the grader's own escaping is checked, not restated.
//
// | rule | a field that …                                             | is read as        | e.g.                     | why                                                   |
// |------|------------------------------------------------------------|-------------------|--------------------------|-------------------------------------------------------|
// | F1   | starts with =                                              | formula           | =1+1, =HYPERLINK(…)      | all three evaluate it (OWASP CSV injection)           |
// | F2   | starts with + or - and is not a plain number               | formula           | +A1, -2+3, -cmd          | Excel and Calc take a sign as the start of a formula  |
// | F3   | starts with @                                              | formula           | @SUM(A1)                 | Excel's legacy function prefix                        |
// | F4   | starts with a tab or carriage return                       | formula (trimmed) | \t=1                     | some importers trim it, then F1–F3 apply              |
// | D1   | digits / digits (/ digits)                                 | date              | 3/4, 12/24/2024          | month/day in en-US, day/month elsewhere               |
// | D2   | digits - digits (- digits)                                 | date              | 12-24, 2024-01-05        | ISO and US dash dates                                 |
// | D3   | digits . digits . digits                                   | date              | 1.2.2024                 | European locales                                      |
// | D4   | a day and a month name, either order                       | date              | 5-Mar, Mar 5, March 2024 | month names in every locale's English fallback        |
// | T1   | h:mm, h:mm:ss, optional am/pm                              | time              | 10:30, 9:05 pm           | all three                                             |
// | N1   | a number in scientific notation                            | number            | 1e5, 2E-3                | "1e5" becomes 100000                                  |
// | N2   | digits with a leading zero (not "0" or "0.x")              | number            | 007                      | the zeros are lost                                    |
// | N3   | digits with thousands separators                           | number            | 1,234                    | the comma is dropped                                  |
// | N4   | a number in parentheses, or with % or a currency sign      | number            | (5), 50%, $5             | accounting negatives, percentages, currency           |
// | B1   | TRUE or FALSE, any case                                    | boolean           | true                     | all three                                             |
// A plain decimal (digits, optionally "." and digits) is read as that number: right in a number column, wrong in a
// text column only if a leading zero is lost (N2). Locale limit: in a locale whose decimal separator is "," a
// spreadsheet asks for ";" as the separator anyway; these rules are the en-US defaults that most CSV openings use.
import { parse } from 'csv-parse/sync';

/** What a spreadsheet takes a field for. */
export type CellReading = { as: 'text' | 'number' | 'formula' | 'date' | 'time' | 'boolean'; rule?: string };

const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';
const RULES: [string, CellReading['as'], RegExp][] = [
  ['F1', 'formula', /^=/],
  ['F3', 'formula', /^@/],
  ['F4', 'formula', /^[\t\r]/],
  ['D1', 'date', /^\s*\d{1,4}\s*\/\s*\d{1,2}(\s*\/\s*\d{1,4})?\s*$/],
  ['D2', 'date', /^\s*\d{1,4}\s*-\s*\d{1,2}(\s*-\s*\d{1,4})?\s*$/],
  ['D3', 'date', /^\s*\d{1,2}\.\d{1,2}\.\d{2,4}\s*$/],
  ['D4', 'date', new RegExp(`^\\s*(\\d{1,2}[\\s./-]*${MONTH}([\\s./-]*\\d{2,4})?|${MONTH}[\\s./-]*\\d{1,4}(,?\\s*\\d{2,4})?)\\s*$`, 'i')],
  ['T1', 'time', /^\s*\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?\s*([ap]\.?m\.?)?\s*$/i],
  ['N1', 'number', /^\s*[-+]?(\d+\.?\d*|\.\d+)e[-+]?\d+\s*$/i],
  ['N2', 'number', /^\s*0\d+(\.\d+)?\s*$/],
  ['N3', 'number', /^\s*[-+]?\d{1,3}(,\d{3})+(\.\d+)?\s*$/],
  ['N4', 'number', /^\s*(\(\s*[$€£]?\d+(\.\d+)?\s*\)|[-+]?\d+(\.\d+)?\s*%|[-+]?[$€£]\s*\d+(\.\d+)?)\s*$/],
  ['B1', 'boolean', /^\s*(true|false)\s*$/i],
];

// What a spreadsheet takes one field for.
export function readCell(field: string): CellReading {
  if (/^\d+(\.\d+)?$/.test(field) && !/^0\d/.test(field)) return { as: 'number' };
  if (/^[+-]/.test(field)) return /^[+-]\d+(\.\d+)?$/.test(field) ? { as: 'number', rule: 'F2' } : { as: 'formula', rule: 'F2' };
  for (const [rule, as, pattern] of RULES) if (pattern.test(field)) return { as, rule };
  return { as: 'text' };
}

/** A field as a spreadsheet opened it. */
export type OpenedCell = { row: number; column: string; field: string } & CellReading;

// Every field of a CSV file as a spreadsheet reads it, with its row (1 = the first data row) and column header.
export function openAsSpreadsheet(csv: string): { header: string[]; cells: OpenedCell[] } {
  const records = parse(csv, { relax_column_count: false }) as string[][];
  const [header = [], ...rows] = records;
  const cells = rows.flatMap((row, r) => row.map((field, c) => ({ row: r + 1, column: header[c] ?? `#${c}`, field, ...readCell(field) })));
  return { header, cells };
}
