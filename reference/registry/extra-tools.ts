import type { ToolDefinition } from './types.ts';
import { success } from '../results.ts';

// Tools added by definition alone: registering them touches no dispatcher code.

// `add`: the sum of two numbers, as {"sum": …}.
export const addTool: ToolDefinition = {
  name: 'add',
  description: 'Add two numbers.',
  parameters: {
    type: 'object',
    properties: { a: { type: 'number' }, b: { type: 'number' } },
    required: ['a', 'b'],
    additionalProperties: false,
  },
  effect: 'read',
  handler: async (input) => success(JSON.stringify({ sum: (input.a as number) + (input.b as number) })),
};

// `web_search`: a stand-in search with the seed's constraints; it searches nothing and says what it was asked.
export const webSearchTool: ToolDefinition = {
  name: 'web_search',
  description: 'Search the web (a stand-in: it reports the query it would send).',
  parameters: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, maxLength: 500 },
      max_results: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
      language: { type: 'string', enum: ['en', 'es', 'fr', 'de', 'ja'], default: 'en' },
      filters: {
        type: 'object',
        properties: { site: { type: 'string', minLength: 1 }, after_year: { type: 'integer', minimum: 1990, maximum: 2100 } },
        additionalProperties: false,
      },
    },
    required: ['query'],
    additionalProperties: false,
  },
  effect: 'read',
  handler: async (input) => {
    const filters = (input.filters ?? {}) as { site?: string; after_year?: number };
    const scope = [filters.site === undefined ? '' : ` site:${filters.site}`, filters.after_year === undefined ? '' : ` after:${filters.after_year}`].join('');
    return success(`search "${String(input.query)}"${scope}: up to ${String(input.max_results ?? 10)} results in ${String(input.language ?? 'en')}`);
  },
};

// The tools added beside the built-ins.
export const extraTools: ToolDefinition[] = [addTool, webSearchTool];
