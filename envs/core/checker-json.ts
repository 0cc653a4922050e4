/**
 * The conformance checker's comparisons of views (envs/core/checker.ts, checker-privacy.ts), each a
 * plain walk that answers the common case and hands anything unusual to the exact definition it
 * stands for: `JSON.parse(JSON.stringify(v))` deep-equal to v, equal JSON texts, isDeepStrictEqual.
 * They decide exactly as those do; they only skip building and reparsing texts of ~4 KB views
 * tens of thousands of times a run.
 */
import { isDeepStrictEqual } from 'node:util';

const OBJECT = Object.prototype;
const ARRAY = Array.prototype;
/** Deeper than any view: a cycle, which the exact definitions then report (JSON.stringify throws). */
const MAX_DEPTH = 200;

/**
 * True when v is certainly plain JSON: null, booleans, strings, finite numbers other than -0, and
 * arrays and objects of them with the ordinary prototypes, no holes, no symbol keys and no extra
 * keys on arrays. Such a value survives a JSON round trip deep-strict-equal. False: maybe not.
 */
function surelyPlain(v: unknown, depth: number): boolean {
  if (v === null) return true;
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(v) && !Object.is(v, -0);
    case 'object':
      break;
    default:
      return false;
  }
  if (depth > MAX_DEPTH) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto === ARRAY) {
    const a = v as unknown[];
    const n = a.length;
    for (let i = 0; i < n; i++) if (!surelyPlain(a[i], depth + 1)) return false;
    return Object.keys(a).length === n && Object.getOwnPropertySymbols(a).length === 0;
  }
  if (proto !== OBJECT || Object.getOwnPropertySymbols(v).length !== 0) return false;
  const o = v as Record<string, unknown>;
  for (const k in o) if (!surelyPlain(o[k], depth + 1)) return false;
  return true;
}

/** Exactly `isDeepStrictEqual(JSON.parse(JSON.stringify(v)), v)`: v is plain JSON. */
export function isPlainJson(v: unknown): boolean {
  return surelyPlain(v, 0) || isDeepStrictEqual(JSON.parse(JSON.stringify(v)), v);
}

/**
 * True when JSON.stringify(a) and JSON.stringify(b) are certainly the same text: the same keys in
 * the same order, equal primitives, ordinary prototypes on both sides. False: maybe not.
 */
function surelySameText(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return typeof a !== 'bigint';
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || depth > MAX_DEPTH) return false;
  const proto = Object.getPrototypeOf(a) as unknown;
  if (proto !== Object.getPrototypeOf(b)) return false;
  if (proto === ARRAY) {
    const x = a as unknown[];
    const y = b as unknown[];
    const n = x.length;
    if (y.length !== n) return false;
    for (let i = 0; i < n; i++) if (!surelySameText(x[i], y[i], depth + 1)) return false;
    return true;
  }
  if (proto !== OBJECT) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  let i = 0;
  for (const k in y) {
    if (k !== keys[i] || k === 'toJSON' || !surelySameText(x[k], y[k], depth + 1)) return false;
    i++;
  }
  return i === keys.length;
}

/**
 * Exactly `JSON.stringify(b) === textOfA()`, where textOfA gives JSON.stringify(a) (asked for only
 * when the walk cannot answer, so a caller may compute it lazily).
 */
export function sameJsonText(a: unknown, b: unknown, textOfA: () => string): boolean {
  return surelySameText(a, b, 0) || JSON.stringify(b) === textOfA();
}

/**
 * Exactly `JSON.stringify({ ...v, [key]: value })`, given `text` = JSON.stringify(v): when v is an
 * ordinary object with `key` first, that text with the first value replaced.
 */
export function textWithFirstKey(v: Record<string, unknown>, text: string, key: string, value: number): string {
  const name = JSON.stringify(key);
  const head = `{${name}:${JSON.stringify(v[key])}`;
  if (
    Object.getPrototypeOf(v) === OBJECT &&
    !Object.hasOwn(v, 'toJSON') &&
    Object.keys(v)[0] === key &&
    text.startsWith(head) &&
    (text[head.length] === ',' || text[head.length] === '}')
  ) {
    return `{${name}:${JSON.stringify(value)}${text.slice(head.length)}`;
  }
  return JSON.stringify({ ...v, [key]: value });
}

/** Deep equality of two plain JSON values (surelyPlain): keys in any order, as isDeepStrictEqual. */
function plainEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!plainEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const k of keys) if (!Object.hasOwn(y, k) || !plainEqual(x[k], y[k])) return false;
  return true;
}

/** Exactly `isDeepStrictEqual(a, b)`, for a plain JSON value a (isPlainJson) and any b. */
export function deepEqualToPlain(a: unknown, b: unknown): boolean {
  return surelyPlain(b, 0) ? plainEqual(a, b) : isDeepStrictEqual(a, b);
}
