// Enough of nginx's configuration syntax to check infra/nginx.conf where no nginx is installed: directives
// (a name, its arguments, `;`) and blocks (`{ … }`), comments, quoted arguments. And which location nginx
// picks for a path: an exact match, else the longest prefix unless a regex matches (in file order) first.

export interface Directive {
  readonly name: string;
  readonly args: readonly string[];
  readonly block?: readonly Directive[];
}

function tokens(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) i += 1;
    else if (c === '#') while (i < text.length && text[i] !== '\n') i += 1;
    else if (c === '{' || c === '}' || c === ';') {
      out.push(c);
      i += 1;
    } else if (c === '"' || c === "'") {
      const end = text.indexOf(c, i + 1);
      if (end < 0) throw new SyntaxError(`unclosed ${c} at offset ${i}`);
      out.push(text.slice(i + 1, end));
      i = end + 1;
    } else {
      let j = i;
      while (j < text.length && !/[\s{};#"']/.test(text[j]!)) j += 1;
      out.push(text.slice(i, j));
      i = j;
    }
  }
  return out;
}

/** The configuration's directives; a SyntaxError for unbalanced braces or a directive without its `;`. */
export function parseNginx(text: string): Directive[] {
  const list = tokens(text);
  let at = 0;
  const block = (nested: boolean): Directive[] => {
    const directives: Directive[] = [];
    while (at < list.length) {
      if (list[at] === '}') {
        if (!nested) throw new SyntaxError('a } without its {');
        at += 1;
        return directives;
      }
      const name = list[at++]!;
      const args: string[] = [];
      while (at < list.length && !['{', ';', '}'].includes(list[at]!)) args.push(list[at++]!);
      const end = list[at++];
      if (end === ';') directives.push({ name, args });
      else if (end === '{') directives.push({ name, args, block: block(true) });
      else throw new SyntaxError(`${name} ${args.join(' ')}: no ; after it`);
    }
    if (nested) throw new SyntaxError('a { without its }');
    return directives;
  };
  return block(false);
}

export const all = (block: readonly Directive[] | undefined, name: string): Directive[] =>
  (block ?? []).filter((d) => d.name === name);

export const one = (block: readonly Directive[] | undefined, name: string): Directive | undefined =>
  all(block, name)[0];

/** The location block nginx serves a path from (no nested locations, no named ones). */
export function locationFor(server: readonly Directive[], path: string): Directive | undefined {
  const locations = all(server, 'location');
  const exact = locations.find((l) => l.args[0] === '=' && l.args[1] === path);
  if (exact) return exact;
  const prefixes = locations
    .filter((l) => l.args.length === 1 || l.args[0] === '^~')
    .map((l) => ({ l, prefix: l.args.at(-1)! }))
    .filter(({ prefix }) => path.startsWith(prefix))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  const longest = prefixes[0];
  if (longest?.l.args[0] === '^~') return longest.l;
  const regex = locations.find(
    (l) =>
      (l.args[0] === '~' || l.args[0] === '~*') &&
      new RegExp(l.args[1]!, l.args[0] === '~*' ? 'i' : '').test(path),
  );
  return regex ?? longest?.l;
}

/** An nginx time ("90", "90s", "2m", "1h") in seconds. */
export function seconds(value: string): number {
  const match = /^(\d+)(ms|s|m|h|d)?$/.exec(value);
  if (!match) throw new SyntaxError(`not an nginx time: ${value}`);
  const unit = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86_400 }[match[2] ?? 's']!;
  return Number(match[1]) * unit;
}
