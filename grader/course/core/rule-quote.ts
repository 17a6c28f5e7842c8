// A case's `rule`: the sentence of its stage text it pins, quoted word for word. The quote is checked against the text
// with whitespace collapsed (a quote may span a line break), so the text and its cases can be read against each other.

/** The fewest characters a quote holds once its whitespace is collapsed: a sentence, not a word. */
export const MIN_RULE_CHARS = 20;

/** How a template's quote starts before an author picks the sentence (`new case` writes it). */
export const RULE_TODO = 'TODO:';

const SHOWN_CHARS = 80;

// Text with every run of whitespace made one space and the ends trimmed: how a quote and its stage text are compared.
export function collapsedText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

// The placeholder `new case` writes into `rule`: validate reports it until the author quotes the stage text.
export function ruleTemplate(slug: string): string {
  return `${RULE_TODO} quote the sentence of stages/${slug}.md this case pins`;
}

// The problems of one case's `rule` against its stage's text, each "$.rule: what" (a rule that is not a string is the
// schema's to report; a stage without a text is the loader's, and there is nothing to quote until it has one).
export function ruleProblems(rule: unknown, slug: string, stageText: string | undefined): string[] {
  const doc = `stages/${slug}.md`;
  if (stageText === undefined) return [];
  if (rule === undefined) return [`$.rule: missing: quote the sentence of ${doc} this case pins`];
  if (typeof rule !== 'string') return [];
  const quote = collapsedText(rule);
  if (quote.startsWith(RULE_TODO)) return [`$.rule: still the template's TODO: quote the sentence of ${doc} this case pins`];
  // A raw quote under the minimum is the schema's minLength to report; one that only whitespace made long is not.
  if (quote.length < MIN_RULE_CHARS) return rule.length < MIN_RULE_CHARS ? [] : [`$.rule: too short (${quote.length} characters once whitespace is collapsed): quote a whole sentence of ${doc}, at least ${MIN_RULE_CHARS} characters`];
  const text = collapsedText(stageText);
  if (text.includes(quote)) return [];
  const agreed = agreedPrefix(quote, text);
  const where = agreed.length >= MIN_RULE_CHARS ? `; the text agrees up to "${shown(agreed, 40, true)}", then differs` : '';
  return [`$.rule: not in ${doc}: "${shown(quote, SHOWN_CHARS)}"${where}: quote the text word for word (only whitespace may differ), or add the sentence to its Contract section`];
}

// The longest start of the quote that the text holds: where a quote that is nearly right goes wrong.
function agreedPrefix(quote: string, text: string): string {
  let low = 0;
  let high = quote.length;
  // text.includes(quote.slice(0, n)) holds for every n up to the answer and for none past it.
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (text.includes(quote.slice(0, mid))) low = mid;
    else high = mid - 1;
  }
  return quote.slice(0, low);
}

// A quote cut to at most `max` characters, with "…" where it was cut (at its start when `fromEnd`).
function shown(text: string, max: number, fromEnd = false): string {
  if (text.length <= max) return text;
  return fromEnd ? `…${text.slice(-max)}` : `${text.slice(0, max)}…`;
}
