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
        for (let i = 0; i < value.length; i++) out += `${i === 0 ? '' : ','}${write(value[i]) ?? 'null'}`;
        return `${out}]`;
      }
      const record = value as Record<string, unknown>;
      let out = '{';
      let first = true;
      for (const key of sortedKeys(record)) {
        const text = write(record[key]);
        if (text === undefined) continue;
        out += `${first ? '' : ','}${JSON.stringify(key)}:${text}`;
        first = false;
      }
      return `${out}}`;
    }
    default:
      // undefined, functions and symbols: left out of objects, null in arrays (as JSON.stringify does).
      return undefined;
  }
}

// As the object a sorted copy would be: integer keys enumerate first, in numeric order (they already come
// first in Object.keys), the others in sorted order.
function sortedKeys(record: Record<string, unknown>): string[] {
  const keys = Object.keys(record);
  let indices = 0;
  while (indices < keys.length && isArrayIndex(keys[indices]!)) indices++;
  return indices === 0 ? keys.sort() : [...keys.slice(0, indices), ...keys.slice(indices).sort()];
}

const isArrayIndex = (key: string): boolean => /^(0|[1-9]\d*)$/.test(key) && Number(key) < 4294967295;
