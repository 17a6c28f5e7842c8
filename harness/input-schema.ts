// The subset of JSON Schema the commands' inputs are declared in (harness/commands/), and the type of a value that
// passed one. `validate` checks case inputs against the same objects with ajv; the harness reads them with
// input-reader.ts, so the keywords here are the ones both understand, plus two annotations ajv ignores:
// `default` (filled in by the harness when the key is absent) and `errorMessage` (the harness's wording).

// The wording of the harness's one-line refusal for a node. A string applies to every failure at or below the node
// (reported at the node); `type` only to the node's own missing or wrong value; `unknownKey` only to a key the node
// does not declare (reported at that key, `{known}` standing for the declared keys). `{where}` stands for the
// node's place (`"calls"`, `calls[0]`); a wording without it is put after it.
export type ErrorWording = string | { readonly type?: string; readonly unknownKey?: string };

// One node of an input schema.
export type InputSchema = {
  readonly type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  readonly title?: string;
  readonly description?: string;
  readonly properties?: { readonly [key: string]: InputSchema };
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | InputSchema;
  readonly items?: InputSchema;
  readonly minimum?: number;
  readonly minLength?: number;
  readonly pattern?: string;
  readonly default?: unknown;
  readonly examples?: readonly unknown[];
  readonly errorMessage?: ErrorWording;
};

// The value a schema reads as once read by input-reader.ts: a key with a default is always there.
export type FromSchema<S> = S extends { readonly type: 'string' }
  ? string
  : S extends { readonly type: 'integer' | 'number' }
    ? number
    : S extends { readonly type: 'boolean' }
      ? boolean
      : S extends { readonly type: 'array'; readonly items: infer I }
        ? FromSchema<I>[]
        : S extends { readonly type: 'object'; readonly properties: infer P }
          ? ObjectOf<P, S extends { readonly required: readonly (infer K)[] } ? K : never>
          : S extends { readonly type: 'object'; readonly additionalProperties: infer A extends object }
            ? Record<string, FromSchema<A>>
            : S extends { readonly type: 'object' }
              ? Record<string, unknown>
              : unknown;

// An object's keys: required or defaulted ones always there, the others optional.
type ObjectOf<P, R> = Flat<
  { -readonly [K in keyof P as K extends R ? K : P[K] extends { readonly default: unknown } ? K : never]: FromSchema<P[K]> } & {
    -readonly [K in keyof P as K extends R ? never : P[K] extends { readonly default: unknown } ? never : K]?: FromSchema<P[K]>;
  }
>;

type Flat<T> = { [K in keyof T]: T[K] };
