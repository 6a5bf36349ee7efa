// canonicalJson (domain/rules/rulesets/ruleset.ts) of an event's payload and whether the payload reads back as
// itself, in one walk: the event store keeps this text of a plain payload. A module of its own, beside the store,
// not in ruleset.ts: with this walk added there, the engine's esbuild bundle scored hands at 0.74-0.88 M/s
// instead of 1.1-1.56 M/s (test/bench/engine-speed.ts, alternating runs on one machine), though scoring calls
// none of it; the cause was not found, the layout that does not pay it was kept.

/**
 * canonicalJson of a value that JSON.parse(JSON.stringify(value)) gives back as itself, or undefined for any
 * other, in one walk: null, booleans, strings, finite numbers, arrays of such without holes, and objects of
 * Object's (or no) prototype, without toJSON, whose values are such or undefined (left out by both). A Date,
 * a toJSON, an undefined array item, NaN, a function or a class instance is not. The event store keeps this
 * text of a plain payload: it reads back as the payload (keys in sorted order), and it is what the hash covers.
 */
export function plainCanonicalJson(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : undefined;
    case 'object': {
      if (value === null) return 'null';
      let text: string;
      if (Array.isArray(value)) {
        text = '[';
        for (let i = 0; i < value.length; i++) {
          if (!(i in value)) return undefined;
          const item = plainCanonicalJson(value[i]);
          if (item === undefined) return undefined;
          text += i === 0 ? item : `,${item}`;
        }
        return `${text}]`;
      }
      const prototype = Object.getPrototypeOf(value);
      if ((prototype !== Object.prototype && prototype !== null) || 'toJSON' in value) return undefined;
      const record = value as Record<string, unknown>;
      const keys = sortedKeys(record);
      text = '{';
      let first = true;
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        const item = record[key];
        if (item === undefined) continue;
        const itemText = plainCanonicalJson(item);
        if (itemText === undefined) return undefined;
        if (first) first = false;
        else text += ',';
        text += quotedKey(key);
        text += ':';
        text += itemText;
      }
      return `${text}}`;
    }
    default:
      return undefined;
  }
}

/**
 * An object's own enumerable keys in the order canonicalJson writes them: Array.prototype.sort()'s on strings
 * (UTF-16 code units), all keys alike (stable-json.ts puts integer keys first, as an object does: not this).
 */
function sortedKeys(record: Record<string, unknown>): string[] {
  const keys = Object.keys(record);
  if (keys.length > 16) return keys.sort();
  // Insertion sort: that order without sort()'s call, for the few keys an event's objects have.
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > key) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
}

/**
 * A string that recurs, as JSON: object keys (the events' field names) and event types are few, so each is
 * quoted once, up to a bound on what is kept.
 */
const quotedKeys = new Map<string, string>();
export function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < 4096) quotedKeys.set(key, quoted);
  }
  return quoted;
}
