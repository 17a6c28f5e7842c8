// The authoring guide's table of program.ts commands (docs/authoring.md, "The input of each command"), made from the
// commands' declarations (harness/commands/) and the manifest, so that it cannot fall behind either.
import type { CommandDeclaration } from '../../../harness/commands/declaration.ts';
import type { InputSchema } from '../../../harness/input-schema.ts';

/** The marks around the generated table in the guide. */
export const TABLE_BEGIN = '<!-- command-table: generated from harness/commands/ by `npm run docs:commands`; do not edit by hand -->';
export const TABLE_END = '<!-- /command-table -->';

// A schema node in the guide's short notation: {"key"?: type}, [item], {string: value}, integer ≥ 1, any.
export function schemaText(schema: InputSchema): string {
  if (schema.title !== undefined) return schema.title;
  switch (schema.type) {
    case 'object': {
      if (schema.properties !== undefined) {
        const keys = Object.entries(schema.properties).map(([key, child]) => `${JSON.stringify(key)}${schema.required?.includes(key) ? '' : '?'}: ${schemaText(child)}`);
        return `{${keys.join(', ')}}`;
      }
      return typeof schema.additionalProperties === 'object' ? `{string: ${schemaText(schema.additionalProperties)}}` : 'object';
    }
    case 'array':
      return schema.items === undefined ? 'array' : `[${schemaText(schema.items)}]`;
    case 'string':
      return schema.pattern !== undefined ? `string matching ${schema.pattern}` : schema.minLength ? 'non-empty string' : 'string';
    case 'integer':
    case 'number':
      return schema.minimum !== undefined ? `${schema.type} ≥ ${schema.minimum}` : schema.type;
    case 'boolean':
      return 'boolean';
    default:
      return 'any';
  }
}

// The stages of a command: all of them, or the first … the last when there are more than three.
function stagesText(slugs: string[]): string {
  if (slugs.length === 0) return '(none yet)';
  return slugs.length > 3 ? `${slugs[0]} … ${slugs[slugs.length - 1]}` : slugs.join(', ');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

// The table, one row per command in course order: its stages, what it does, the solution exports it calls, its input.
export function commandTable(commands: readonly CommandDeclaration[], stages: readonly { slug: string; command: string }[]): string {
  const rows = commands.map((command) => {
    const slugs = stages.filter((s) => s.command === command.name).map((s) => s.slug);
    const exports = command.exports.map((e) => `\`${e.name}\`${e.required ? '' : '?'}`).join(', ');
    const input = command.rawInput ? 'any text: sent verbatim (a JSON input is sent as its text)' : `\`${schemaText(command.input)}\``;
    return `| \`${command.name}\` | ${cell(stagesText(slugs))} | ${cell(command.input.description ?? '')} | ${exports} | ${cell(input)} |`;
  });
  return [TABLE_BEGIN, '| command | stages | what it does | solution exports (`?`: optional) | input |', '|---|---|---|---|---|', ...rows, TABLE_END].join('\n');
}

// The guide's text with its generated table replaced by `table`; undefined when the guide has no such table.
export function withCommandTable(guide: string, table: string): string | undefined {
  const begin = guide.indexOf(TABLE_BEGIN);
  const end = guide.indexOf(TABLE_END);
  if (begin === -1 || end < begin) return undefined;
  return `${guide.slice(0, begin)}${table}${guide.slice(end + TABLE_END.length)}`;
}
