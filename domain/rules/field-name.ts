// A zod path as a field name a person reads: claims[0].melds[1].tiles.
export function fieldName(path: readonly PropertyKey[]): string {
  let name = '';
  for (const key of path) {
    if (typeof key === 'number') name += `[${key}]`;
    else name += name === '' ? String(key) : `.${String(key)}`;
  }
  return name === '' ? '(input)' : name;
}
