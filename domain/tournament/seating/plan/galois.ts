// Finite fields GF(q), q a prime power, for the designs that seat a whole event without a repeat
// (designs.ts). Elements are the integers 0 … q − 1, read as polynomials over GF(p) by their base-p digits.

export interface Field {
  readonly order: number;
  add(a: number, b: number): number;
  mul(a: number, b: number): number;
}

/** p and k when q = p^k (p prime, k ≥ 1); undefined otherwise. */
export function primePower(q: number): { readonly p: number; readonly k: number } | undefined {
  if (!Number.isInteger(q) || q < 2) return undefined;
  let p = 2;
  while (q % p !== 0) p++;
  let k = 0;
  for (let rest = q; rest > 1; rest /= p) {
    if (rest % p !== 0) return undefined;
    k++;
  }
  return { p, k };
}

/** GF(q) with its addition and multiplication tabulated; undefined when q is no prime power. */
export function galoisField(q: number): Field | undefined {
  const power = primePower(q);
  if (power === undefined) return undefined;
  const { p, k } = power;
  const digits = (a: number) => Array.from({ length: k }, (_, i) => Math.floor(a / p ** i) % p);
  const fromDigits = (d: readonly number[]) => d.reduce((sum, c, i) => sum + c * p ** i, 0);
  const modulus = irreducible(p, k);
  const add = new Int32Array(q * q);
  const mul = new Int32Array(q * q);
  for (let a = 0; a < q; a++)
    for (let b = 0; b < q; b++) {
      const da = digits(a);
      const db = digits(b);
      add[a * q + b] = fromDigits(da.map((c, i) => (c + db[i]!) % p));
      mul[a * q + b] = fromDigits(reduce(multiply(da, db, p), modulus, p).slice(0, k));
    }
  return {
    order: q,
    add: (a, b) => add[a * q + b]!,
    mul: (a, b) => mul[a * q + b]!,
  };
}

/** Coefficients, lowest degree first. */
type Poly = number[];

function multiply(a: Poly, b: Poly, p: number): Poly {
  const out = Array<number>(a.length + b.length - 1).fill(0);
  a.forEach((x, i) => {
    b.forEach((y, j) => {
      out[i + j] = (out[i + j]! + x * y) % p;
    });
  });
  return out;
}

/** a mod m, m monic; the remainder padded to deg m coefficients. */
function reduce(a: Poly, m: Poly, p: number): Poly {
  const out = [...a];
  const degree = m.length - 1;
  for (let i = out.length - 1; i >= degree; i--) {
    const c = out[i]!;
    if (c === 0) continue;
    for (let j = 0; j <= degree; j++)
      out[i - degree + j] = (((out[i - degree + j]! - c * m[j]!) % p) + p) % p;
  }
  while (out.length < degree) out.push(0);
  return out.slice(0, Math.max(degree, 1));
}

/** The first monic irreducible polynomial of degree k over GF(p), in counting order: a fixed choice. */
function irreducible(p: number, k: number): Poly {
  if (k === 1) return [0, 1];
  for (let n = 0; n < p ** k; n++) {
    const candidate = [...Array.from({ length: k }, (_, i) => Math.floor(n / p ** i) % p), 1];
    if (candidate[0] === 0) continue;
    if (!hasFactor(candidate, p)) return candidate;
  }
  throw new RangeError(`no irreducible polynomial of degree ${k} over GF(${p})`);
}

/** Whether some monic polynomial of degree 1 … deg/2 divides `poly`. */
function hasFactor(poly: Poly, p: number): boolean {
  const degree = poly.length - 1;
  for (let d = 1; d <= degree / 2; d++)
    for (let n = 0; n < p ** d; n++) {
      const divisor = [...Array.from({ length: d }, (_, i) => Math.floor(n / p ** i) % p), 1];
      if (reduce(poly, divisor, p).every((c) => c === 0)) return true;
    }
  return false;
}
