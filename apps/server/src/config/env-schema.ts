import { Type, type Static, type TLiteral, type TObject, type TUnion, type TProperties, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { ConfigError } from './config-error.js';

// Environment variables are declared as a TypeBox object (one property per variable) and parsed in one step: empty
// values count as unset, defaults are filled in, numbers converted, and the first variable that breaks its schema
// stops the boot with its own message ("PORT must be an integer between 0 and 65535, got "x"").
// docs/decisions/0012-conventions-made-mechanical.md

/** Each variable's schema carries what it must be; `echo: false` keeps the value (a URL with a password) out of it. */
interface EnvRule {
  mustBe: string;
  echo?: boolean;
}

const RULE = Symbol.for('ventanilla.env-rule');

function withRule<T extends TSchema>(schema: T, rule: EnvRule): T {
  return Object.assign(schema, { [RULE]: rule });
}

/** An integer in [min, max], `fallback` when unset. */
export function envInt(fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) {
  return withRule(Type.Integer({ minimum: min, maximum: max, default: fallback }), {
    mustBe: `must be an integer between ${min} and ${max}`,
  });
}

/**
 * The union of the words' literals, typed word by word: map() makes an array, not a tuple, and TypeBox's Static of a
 * union of an array of literals is `never` (every such variable would be typed `never`, or `undefined` when optional).
 */
type TEnvEnum<V extends readonly string[]> = TUnion<{ -readonly [K in keyof V]: TLiteral<V[K]> }>;

/** One of a few words ("development, production or test"), `fallback` when unset. */
export function envEnum<const V extends readonly [string, ...string[]]>(values: V, fallback?: V[number]): TEnvEnum<V> {
  const words = values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : values[0];
  const options = fallback === undefined ? {} : { default: fallback };
  return withRule(
    Type.Union(
      values.map((v) => Type.Literal(v)),
      options,
    ),
    { mustBe: `must be ${words}` },
  ) as TEnvEnum<V>;
}

/** Text matching `pattern`; what it must be is said in words. */
export function envPattern(pattern: RegExp, mustBe: string, options: { echo?: boolean } = {}) {
  return withRule(Type.String({ pattern: pattern.source }), { mustBe, echo: options.echo ?? true });
}

/** Any text. */
export function envText() {
  return Type.String();
}

/**
 * Parses the variables `schema` declares out of `env`: unset and empty ones take their default (or stay undefined
 * when optional), the rest are converted and checked. Throws ConfigError naming the first variable in error.
 */
export function parseEnv<T extends TObject<TProperties>>(schema: T, env: NodeJS.ProcessEnv): Static<T> {
  const raw: Record<string, string> = {};
  for (const name of Object.keys(schema.properties)) {
    const value = env[name];
    if (value !== undefined && value !== '') raw[name] = value;
  }
  const value = Value.Default(schema, Value.Convert(schema, { ...raw }));
  if (Value.Check(schema, value)) return value;
  const [first] = Value.Errors(schema, value);
  const name = first?.instancePath.split('/')[1] ?? '';
  const property = schema.properties[name] as (TSchema & { [RULE]?: EnvRule }) | undefined;
  const rule = property?.[RULE];
  if (!rule) throw new ConfigError(`${name || 'The environment'} ${first?.message ?? 'is not valid'}`);
  throw new ConfigError(`${name} ${rule.mustBe}${rule.echo === false ? '' : `, got "${raw[name]}"`}`);
}
