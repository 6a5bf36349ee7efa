// JSON with keys in sorted order, so that the same document always serializes to the same bytes: a rebuild
// from zero must give byte-identical tables whatever order a fold happened to add keys in. Written in one
// pass (no sorted copy of the document first): tournament documents are serialized once per batch.

export function stableStringify(value: unknown): string {
  return write(value) ?? 'null';
}

/** The text of a value, or undefined where JSON.stringify leaves an object's property out. */
function write(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          if (i > 0) out += ',';
          out += write(value[i]) ?? 'null';
        }
        return `${out}]`;
      }
      const record = value as Record<string, unknown>;
      const keys = sortedKeys(record);
      let out = '{';
      let first = true;
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        const text = write(record[key]);
        if (text === undefined) continue;
        if (first) first = false;
        else out += ',';
        out += quotedKey(key);
        out += ':';
        out += text;
      }
      return `${out}}`;
    }
    default:
      // undefined, functions and symbols: left out of objects, null in arrays (as JSON.stringify does).
      return undefined;
  }
}

// As the object a sorted copy would be: integer keys enumerate first, in numeric order (they already come
// first in Object.keys), the others in sorted order. Sorted in place; a few keys (most documents' objects) by
// insertion, in the order Array.prototype.sort() gives strings (UTF-16 code units).
function sortedKeys(record: Record<string, unknown>): string[] {
  const keys = Object.keys(record);
  let from = 0;
  while (from < keys.length && isArrayIndex(keys[from]!)) from++;
  if (keys.length - from > 16) {
    const rest = keys.slice(from).sort();
    for (let i = 0; i < rest.length; i++) keys[from + i] = rest[i]!;
    return keys;
  }
  for (let i = from + 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    while (j >= from && keys[j]! > key) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
}

const isArrayIndex = (key: string): boolean => {
  const first = key.charCodeAt(0);
  // Most keys start with a letter: only one starting with a digit needs the full test.
  if (!(first >= 48 && first <= 57)) return false;
  return /^(0|[1-9]\d*)$/.test(key) && Number(key) < 4294967295;
};

/** Documents' keys are mostly field names and ids: each is quoted once, up to a bound on what is kept. */
const quotedKeys = new Map<string, string>();
function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < 16384) quotedKeys.set(key, quoted);
  }
  return quoted;
}
