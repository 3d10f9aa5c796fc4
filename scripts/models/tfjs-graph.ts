/**
 * Reads a TFJS graph model (model.json + binary weight shards) into plain data: the GraphDef nodes
 * and every weight decoded per its manifest entry (dtype and optional quantization).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A GraphDef AttrValue as TFJS's converter writes it to JSON (protobuf JSON mapping). */
export interface TfAttrValue {
  s?: string; // base64
  i?: string | number;
  f?: number;
  b?: boolean;
  type?: string;
  shape?: { dim?: { size?: string | number }[]; unknownRank?: boolean };
  list?: { s?: string[]; i?: (string | number)[]; f?: number[]; b?: boolean[]; type?: string[] };
  tensor?: unknown;
}

export interface TfNode {
  name: string;
  op: string;
  input?: string[];
  device?: string;
  attr?: Record<string, TfAttrValue>;
}

interface TfTensorSignature {
  name: string;
  dtype?: string;
  tensorShape?: { dim?: { size?: string | number }[] };
}

export interface WeightManifestEntry {
  name: string;
  shape: number[];
  dtype: 'float32' | 'int32' | 'bool' | 'string' | 'complex64';
  quantization?: {
    dtype: 'float16' | 'uint8' | 'uint16';
    scale?: number;
    min?: number;
    original_dtype?: string;
  };
}

export interface TfjsModelJson {
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  signature?: {
    inputs?: Record<string, TfTensorSignature>;
    outputs?: Record<string, TfTensorSignature>;
  };
  modelTopology: { node: TfNode[]; library?: unknown; versions?: unknown };
  weightsManifest: { paths: string[]; weights: WeightManifestEntry[] }[];
}

/**
 * A decoded weight. Float16-quantized weights keep their raw halves (`float16`) so the converter
 * can store them losslessly at half the size; `data` always holds the float32 or int32 values.
 */
export interface TfWeight {
  name: string;
  shape: number[];
  dtype: 'float32' | 'int32';
  data: Float32Array | Int32Array;
  float16?: Uint16Array;
}

export interface TfjsGraphModel {
  json: TfjsModelJson;
  nodes: TfNode[];
  weights: Map<string, TfWeight>;
  /** Signature input/output name -> GraphDef node name (the part before ':'). */
  inputs: { key: string; node: string; shape: number[] }[];
  outputs: { key: string; node: string; shape: number[] }[];
}

export function readTfjsGraphModel(jsonPath: string): TfjsGraphModel {
  const json = JSON.parse(readFileSync(jsonPath, 'utf8')) as TfjsModelJson;
  if (json.format !== 'graph-model') throw new Error(`${jsonPath}: not a TFJS graph model`);
  const dir = path.dirname(jsonPath);
  const weights = new Map<string, TfWeight>();
  for (const group of json.weightsManifest) {
    const shards = group.paths.map((p) => readFileSync(path.join(dir, p)));
    const buffer = Buffer.concat(shards);
    let offset = 0;
    for (const entry of group.weights) {
      const weight = decodeWeight(entry, buffer, offset);
      offset += weight.byteLength;
      weights.set(entry.name, weight.weight);
    }
    if (offset !== buffer.length) {
      throw new Error(`${jsonPath}: manifest covers ${offset} of ${buffer.length} weight bytes`);
    }
  }
  const signature = json.signature ?? {};
  const toList = (entries: Record<string, TfTensorSignature> = {}) =>
    Object.entries(entries)
      .map(([key, sig]) => ({
        key,
        node: sig.name.split(':')[0],
        shape: (sig.tensorShape?.dim ?? []).map((d) => Number(d.size ?? -1)),
      }))
      .sort((a, b) => a.node.localeCompare(b.node));
  return {
    json,
    nodes: json.modelTopology.node,
    weights,
    inputs: toList(signature.inputs),
    outputs: toList(signature.outputs),
  };
}

/** Decodes one manifest entry at `offset`; exported for tests of the quantization rules. */
export function decodeWeight(
  entry: WeightManifestEntry,
  buffer: Buffer,
  offset: number,
): { weight: TfWeight; byteLength: number } {
  const size = entry.shape.reduce((a, b) => a * b, 1);
  const q = entry.quantization;
  // Copy into an aligned buffer: shards hold entries at arbitrary byte offsets.
  const slice = (bytes: number) => {
    if (offset + bytes > buffer.length) throw new Error(`${entry.name}: weight data truncated`);
    const copy = new ArrayBuffer(bytes);
    new Uint8Array(copy).set(buffer.subarray(offset, offset + bytes));
    return copy;
  };
  const base = { name: entry.name, shape: entry.shape };
  if (q) {
    if (entry.dtype !== 'float32' && entry.dtype !== 'int32') {
      throw new Error(`${entry.name}: quantized ${entry.dtype} is not supported`);
    }
    if (q.dtype === 'float16') {
      if (entry.dtype !== 'float32') throw new Error(`${entry.name}: float16 of ${entry.dtype}`);
      const halves = new Uint16Array(slice(size * 2));
      const data = new Float32Array(size);
      for (let i = 0; i < size; i++) data[i] = halfToFloat(halves[i]);
      return { weight: { ...base, dtype: 'float32', data, float16: halves }, byteLength: size * 2 };
    }
    // Affine quantization: value = q * scale + min (tfjs-core io/io_utils).
    const width = q.dtype === 'uint8' ? 1 : 2;
    const raw = slice(size * width);
    const ints = q.dtype === 'uint8' ? new Uint8Array(raw) : new Uint16Array(raw);
    const scale = q.scale ?? 1;
    const min = q.min ?? 0;
    if (entry.dtype === 'int32') {
      const data = new Int32Array(size);
      for (let i = 0; i < size; i++) data[i] = Math.round(ints[i] * scale + min);
      return { weight: { ...base, dtype: 'int32', data }, byteLength: size * width };
    }
    const data = new Float32Array(size);
    for (let i = 0; i < size; i++) data[i] = ints[i] * scale + min;
    return { weight: { ...base, dtype: 'float32', data }, byteLength: size * width };
  }
  if (entry.dtype === 'float32') {
    return {
      weight: { ...base, dtype: 'float32', data: new Float32Array(slice(size * 4)) },
      byteLength: size * 4,
    };
  }
  if (entry.dtype === 'int32') {
    return {
      weight: { ...base, dtype: 'int32', data: new Int32Array(slice(size * 4)) },
      byteLength: size * 4,
    };
  }
  throw new Error(`${entry.name}: weight dtype ${entry.dtype} is not supported`);
}

/** IEEE 754 binary16 -> number (exact: every half is representable as a float32). */
export function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const fraction = h & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 0x1f) return fraction ? NaN : sign * Infinity;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

// Attribute accessors: GraphDef JSON keeps strings base64-encoded and int64 as strings.

export function attrString(node: TfNode, key: string, fallback?: string): string {
  const value = node.attr?.[key]?.s;
  if (value === undefined) {
    if (fallback !== undefined) return fallback;
    throw new Error(`${node.name} (${node.op}): missing attribute ${key}`);
  }
  return Buffer.from(value, 'base64').toString('utf8');
}

export function attrStrings(node: TfNode, key: string): string[] {
  return (node.attr?.[key]?.list?.s ?? []).map((s) => Buffer.from(s, 'base64').toString('utf8'));
}

export function attrInts(node: TfNode, key: string, fallback?: number[]): number[] {
  const list = node.attr?.[key]?.list;
  if (!list) {
    if (fallback !== undefined) return fallback;
    throw new Error(`${node.name} (${node.op}): missing attribute ${key}`);
  }
  return (list.i ?? []).map(Number);
}

export function attrInt(node: TfNode, key: string, fallback?: number): number {
  const value = node.attr?.[key]?.i;
  if (value === undefined) {
    if (fallback !== undefined) return fallback;
    throw new Error(`${node.name} (${node.op}): missing attribute ${key}`);
  }
  return Number(value);
}

export function attrBool(node: TfNode, key: string, fallback = false): boolean {
  return node.attr?.[key]?.b ?? fallback;
}
