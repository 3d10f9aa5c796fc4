/**
 * A small ONNX graph builder over onnx-proto's protobuf classes: nodes, initializers, typed
 * inputs/outputs, and a deterministic encoding (same calls, same bytes).
 */
import { onnx } from 'onnx-proto';

export const OPSET = 13;
const IR_VERSION = 7; // the IR version that introduced opset 13

/** Numbers are INT attributes; wrap floats as `{ float }` (an integral float would pass as INT). */
export type AttrValue = number | string | number[] | string[] | { float: number };

export interface OnnxNodeSpec {
  op: string;
  inputs: string[];
  outputs: string[];
  name: string;
  attrs?: Record<string, AttrValue>;
}

/** A graph input or output: float tensor, '-1' marks the dynamic batch dimension. */
export interface OnnxIo {
  name: string;
  shape: number[];
  docString?: string;
}

export class OnnxGraphBuilder {
  private readonly nodes: onnx.INodeProto[] = [];
  private readonly initializers: onnx.ITensorProto[] = [];
  private readonly names = new Set<string>();
  private readonly inputs: OnnxIo[] = [];
  private readonly outputs: OnnxIo[] = [];

  /** A tensor name not used yet, derived from `base`. */
  uniqueName(base: string): string {
    let name = base;
    for (let i = 1; this.names.has(name); i++) name = `${base}_${i}`;
    this.names.add(name);
    return name;
  }

  addInput(io: OnnxIo): void {
    this.names.add(io.name);
    this.inputs.push(io);
  }

  addOutput(io: OnnxIo): void {
    this.outputs.push(io);
  }

  addNode(spec: OnnxNodeSpec): void {
    const attribute = Object.entries(spec.attrs ?? {}).map(([name, value]) =>
      toAttribute(name, value),
    );
    this.nodes.push({
      opType: spec.op,
      name: spec.name,
      input: spec.inputs,
      output: spec.outputs,
      attribute,
    });
  }

  /** Float32 initializer; returns its name. */
  addFloat(base: string, dims: number[], values: ArrayLike<number>): string {
    const data = Float32Array.from(values);
    return this.addRaw(base, dims, onnx.TensorProto.DataType.FLOAT, new Uint8Array(data.buffer));
  }

  /** Float16 initializer from raw IEEE halves; returns its name. */
  addFloat16(base: string, dims: number[], halves: Uint16Array): string {
    const copy = Uint16Array.from(halves);
    return this.addRaw(base, dims, onnx.TensorProto.DataType.FLOAT16, new Uint8Array(copy.buffer));
  }

  /** Int64 initializer; returns its name. */
  addInt64(base: string, dims: number[], values: ArrayLike<number>): string {
    const data = BigInt64Array.from(Array.from(values, (v) => BigInt(v)));
    return this.addRaw(base, dims, onnx.TensorProto.DataType.INT64, new Uint8Array(data.buffer));
  }

  private addRaw(base: string, dims: number[], dataType: number, rawData: Uint8Array): string {
    if (!isLittleEndian()) throw new Error('ONNX raw_data is little-endian: big-endian host');
    const name = this.uniqueName(base);
    this.initializers.push({ name, dims, dataType, rawData });
    return name;
  }

  encode(meta: {
    graphName: string;
    docString: string;
    producerName: string;
    producerVersion: string;
    metadata: Record<string, string>;
  }): Uint8Array {
    const valueInfo = (io: OnnxIo): onnx.IValueInfoProto => ({
      name: io.name,
      docString: io.docString,
      type: {
        tensorType: {
          elemType: onnx.TensorProto.DataType.FLOAT,
          shape: {
            dim: io.shape.map((d) => (d < 0 ? { dimParam: 'batch' } : { dimValue: d })),
          },
        },
      },
    });
    const model = onnx.ModelProto.create({
      irVersion: IR_VERSION,
      opsetImport: [{ domain: '', version: OPSET }],
      producerName: meta.producerName,
      producerVersion: meta.producerVersion,
      docString: meta.docString,
      metadataProps: Object.entries(meta.metadata).map(([key, value]) => ({ key, value })),
      graph: {
        name: meta.graphName,
        node: this.nodes,
        initializer: this.initializers,
        input: this.inputs.map(valueInfo),
        output: this.outputs.map(valueInfo),
      },
    });
    const problem = onnx.ModelProto.verify(model);
    if (problem) throw new Error(`invalid ONNX model: ${problem}`);
    return onnx.ModelProto.encode(model).finish();
  }
}

function toAttribute(name: string, value: AttrValue): onnx.IAttributeProto {
  const { AttributeType } = onnx.AttributeProto;
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error(`attribute ${name}: ${value} is not an integer`);
    return { name, type: AttributeType.INT, i: value };
  }
  if (typeof value === 'string') {
    return { name, type: AttributeType.STRING, s: new TextEncoder().encode(value) };
  }
  if (Array.isArray(value)) {
    if (value.every((v): v is number => typeof v === 'number')) {
      return { name, type: AttributeType.INTS, ints: value };
    }
    const encoder = new TextEncoder();
    return { name, type: AttributeType.STRINGS, strings: value.map((v) => encoder.encode(`${v}`)) };
  }
  return { name, type: AttributeType.FLOAT, f: value.float };
}

function isLittleEndian(): boolean {
  return new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
}
