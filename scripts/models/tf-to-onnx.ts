/**
 * Maps the TF ops of a TFJS graph model onto ONNX (opset 13).
 *
 * Layout: TF runs NHWC, ONNX Conv/Pool/Resize run NCHW. The graph input stays NHWC (as TF and
 * MediaPipe feed it) and is transposed once; every rank-4 activation then lives in NCHW inside
 * the graph, with conv weights transposed at conversion time. A tensor goes back to NHWC only where
 * its memory order matters (Shape, Reshape, StridedSlice, a Concat of mixed layouts) and at the
 * graph outputs, so each output has exactly the TF shape and element order.
 *
 * Shapes are tracked in TF (NHWC) terms with -1 for the batch dimension; explicit SAME pads and
 * Resize scales come from them, and every output is checked against the model's signature.
 */
import type { OnnxGraphBuilder } from './onnx-builder';
import {
  attrBool,
  attrInt,
  attrInts,
  attrString,
  attrStrings,
  type TfjsGraphModel,
  type TfNode,
  type TfWeight,
} from './tfjs-graph';

type Layout = 'nchw' | 'native';
/** A value known at conversion time inside shape arithmetic; 'batch' is the symbolic batch size. */
type KnownInt = number | 'batch';

interface Tensor {
  kind: 'tensor';
  name: string;
  shape: number[];
  layout: Layout;
  dtype: 'float' | 'int';
  known?: KnownInt[];
}

interface Const {
  kind: 'const';
  weight: TfWeight;
}

type Value = Tensor | Const;

const NHWC_TO_NCHW = [0, 3, 1, 2];
const NCHW_TO_NHWC = [0, 2, 3, 1];
/** TF NHWC axis -> ONNX NCHW axis. */
const AXIS_TO_NCHW = [0, 2, 3, 1];

export interface ConvertedIo {
  /** ONNX name: the TF signature key (e.g. 'ld_3d', 'input_1'). */
  name: string;
  /** The TF tensor it stands for (e.g. 'Identity_2:0'). */
  tfName: string;
  shape: number[];
}

export interface ConversionResult {
  inputs: ConvertedIo[];
  outputs: ConvertedIo[];
  tfOps: Record<string, number>;
  onnxNodes: number;
}

export function convertGraph(model: TfjsGraphModel, builder: OnnxGraphBuilder): ConversionResult {
  return new GraphConverter(model, builder).run();
}

class GraphConverter {
  private readonly values = new Map<string, Value>();
  private readonly nodesByName: Map<string, TfNode>;
  private readonly nativeOf = new Map<string, Tensor>();
  private readonly nchwOf = new Map<string, Tensor>();
  private readonly constCache = new Map<string, string>();
  private nodeCount = 0;

  constructor(
    private readonly model: TfjsGraphModel,
    private readonly b: OnnxGraphBuilder,
  ) {
    this.nodesByName = new Map(model.nodes.map((n) => [n.name, n]));
  }

  run(): ConversionResult {
    const order = this.topologicalOrder();
    const tfOps: Record<string, number> = {};
    for (const node of order) tfOps[node.op] = (tfOps[node.op] ?? 0) + 1;
    const inputs: ConvertedIo[] = [];
    for (const input of this.model.inputs) {
      const node = this.nodesByName.get(input.node);
      if (!node || node.op !== 'Placeholder') throw new Error(`input ${input.node} not found`);
      const shape = input.shape.map((d) => (d < 0 ? -1 : d));
      this.b.addInput({ name: input.key, shape, docString: `TF ${input.node}:0, NHWC float32` });
      inputs.push({ name: input.key, tfName: `${input.node}:0`, shape });
      const tensor: Tensor = {
        kind: 'tensor',
        name: input.key,
        shape,
        layout: 'native',
        dtype: 'float',
      };
      this.values.set(node.name, shape.length === 4 ? this.toNchw(tensor) : tensor);
    }
    for (const node of order) {
      if (node.op === 'Placeholder') continue;
      this.convertNode(node);
    }
    const outputs: ConvertedIo[] = [];
    for (const output of this.model.outputs) {
      const value = this.tensor(output.node);
      const expected = output.shape.map((d) => (d < 0 ? -1 : d));
      if (!sameShape(value.shape, expected)) {
        throw new Error(`output ${output.key}: shape [${value.shape}] != signature [${expected}]`);
      }
      if (value.layout === 'nchw') {
        this.emit('Transpose', [value.name], [output.key], `${output.key}/to_nhwc`, {
          perm: NCHW_TO_NHWC,
        });
      } else {
        this.emit('Identity', [value.name], [output.key], `${output.key}/identity`);
      }
      this.b.addOutput({ name: output.key, shape: expected, docString: `TF ${output.node}:0` });
      outputs.push({ name: output.key, tfName: `${output.node}:0`, shape: expected });
    }
    return { inputs, outputs, tfOps, onnxNodes: this.nodeCount };
  }

  /** Nodes the outputs depend on, dependencies first (a stable DFS: same graph, same order). */
  private topologicalOrder(): TfNode[] {
    const order: TfNode[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (name: string) => {
      const s = state.get(name);
      if (s === 'done') return;
      if (s === 'visiting') throw new Error(`cycle at ${name}`);
      const node = this.nodesByName.get(name);
      if (!node) throw new Error(`unknown node ${name}`);
      state.set(name, 'visiting');
      for (const input of dataInputs(node)) visit(input);
      state.set(name, 'done');
      order.push(node);
    };
    for (const output of this.model.outputs) visit(output.node);
    return order;
  }

  private convertNode(node: TfNode): void {
    switch (node.op) {
      case 'Const':
        return this.define(node, { kind: 'const', weight: this.weight(node.name) });
      case 'Identity':
        return this.define(node, this.value(dataInputs(node)[0]));
      case 'Conv2D':
      case '_FusedConv2D':
      case 'DepthwiseConv2dNative':
      case 'FusedDepthwiseConv2dNative':
        return this.conv(node);
      case 'Add':
      case 'AddV2':
      case 'Mul':
        return this.binary(node, node.op === 'Mul' ? 'Mul' : 'Add');
      case 'Relu':
        return this.unary(node, 'Relu');
      case 'Sigmoid':
        return this.unary(node, 'Sigmoid');
      case 'Relu6': {
        const x = this.tensor(dataInputs(node)[0]);
        return this.define(node, this.activation(x, 'Relu6', node.name));
      }
      case 'Pad':
        return this.pad(node);
      case 'MaxPool':
      case 'AvgPool':
        return this.pool(node);
      case 'ResizeBilinear':
        return this.resizeBilinear(node);
      case 'DepthToSpace':
        return this.depthToSpace(node);
      case 'Shape':
        return this.shapeOp(node);
      case 'StridedSlice':
        return this.stridedSlice(node);
      case 'Pack':
        return this.pack(node);
      case 'Reshape':
        return this.reshape(node);
      case 'ConcatV2':
        return this.concat(node);
      default:
        throw new Error(`unsupported TF op ${node.op} (${node.name})`);
    }
  }

  // ---- ops ----

  private conv(node: TfNode): void {
    const [xName, filterName, ...args] = dataInputs(node);
    const x = this.toNchw(this.tensor(xName));
    const filter = this.constant(filterName);
    const depthwise = node.op.includes('Depthwise');
    if (attrString(node, 'data_format', 'NHWC') !== 'NHWC') {
      throw new Error(`${node.name}: only NHWC is supported`);
    }
    const strides = attrInts(node, 'strides');
    const dilations = attrInts(node, 'dilations', [1, 1, 1, 1]);
    const [kh, kw, cin, cout] = filter.shape;
    const channels = x.shape[3];
    if (cin !== channels) throw new Error(`${node.name}: filter in-channels ${cin} != ${channels}`);
    const fused = node.op.startsWith('_Fused') || node.op.startsWith('Fused');
    const fusedOps = fused ? attrStrings(node, 'fused_ops') : [];
    if (fused && (fusedOps[0] !== 'BiasAdd' || attrInt(node, 'num_args', 1) !== 1)) {
      throw new Error(`${node.name}: fused_ops [${fusedOps}] not supported`);
    }
    const activation = fusedOps[1];
    if (fusedOps.length > 2 || (activation && !['Relu', 'Relu6'].includes(activation))) {
      throw new Error(`${node.name}: fused_ops [${fusedOps}] not supported`);
    }
    const spatial = this.window(node, x.shape, [kh, kw], strides, dilations);
    // HWIO -> OIHW; depthwise HW(C)(M) -> (C*M)(1)HW: output channel c*M+m as in TF.
    const weightDims = depthwise ? [cin * cout, 1, kh, kw] : [cout, cin, kh, kw];
    const perm = depthwise ? [2, 3, 0, 1] : [3, 2, 0, 1];
    const w = this.floatInitializer(`${node.name}/W`, filter, perm, weightDims);
    const inputs = [x.name, w];
    if (fused) inputs.push(this.floatInitializer(`${node.name}/B`, this.constant(args[0])));
    const out = this.b.uniqueName(activation ? `${node.name}/conv` : node.name);
    this.emit('Conv', inputs, [out], node.name, {
      kernel_shape: [kh, kw],
      strides: spatial.strides,
      dilations: spatial.dilations,
      pads: spatial.pads,
      group: depthwise ? cin : 1,
    });
    const outChannels = depthwise ? cin * cout : cout;
    const y: Tensor = {
      kind: 'tensor',
      name: out,
      shape: [x.shape[0], spatial.out[0], spatial.out[1], outChannels],
      layout: 'nchw',
      dtype: 'float',
    };
    this.define(node, activation ? this.activation(y, activation, node.name) : y);
  }

  private activation(x: Tensor, kind: string, tfName: string): Tensor {
    const out = this.b.uniqueName(tfName);
    if (kind === 'Relu') {
      this.emit('Relu', [x.name], [out], `${tfName}/relu`);
    } else {
      const lo = this.scalar('const/zero', 0);
      const hi = this.scalar('const/six', 6);
      this.emit('Clip', [x.name, lo, hi], [out], `${tfName}/relu6`);
    }
    return { ...x, name: out, known: undefined };
  }

  private binary(node: TfNode, op: 'Add' | 'Mul'): void {
    const [aName, bName] = dataInputs(node);
    const a = this.value(aName);
    const c = this.value(bName);
    if (a.kind === 'const' && c.kind === 'const') throw new Error(`${node.name}: const ${op}`);
    let lhs: string;
    let rhs: string;
    let like: Tensor;
    if (a.kind === 'tensor' && c.kind === 'tensor') {
      const [x, y] = this.sameLayout(a, c);
      if (!sameShape(x.shape, y.shape)) {
        throw new Error(`${node.name}: broadcasting [${x.shape}] with [${y.shape}]`);
      }
      [lhs, rhs, like] = [x.name, y.name, x];
    } else {
      const t = (a.kind === 'tensor' ? a : c) as Tensor;
      const k = (a.kind === 'const' ? a : c) as Const;
      const rank = k.weight.shape.length;
      if (rank > 1) throw new Error(`${node.name}: ${op} with a rank-${rank} constant`);
      const size = rank === 0 ? 1 : k.weight.shape[0];
      // A per-channel [C] constant broadcasts over NCHW as [C, 1, 1].
      const dims = t.layout === 'nchw' && size > 1 ? [size, 1, 1] : k.weight.shape;
      const kName = this.floatInitializer(`${node.name}/const`, k.weight, undefined, dims);
      [lhs, rhs, like] = a.kind === 'tensor' ? [t.name, kName, t] : [kName, t.name, t];
    }
    const out = this.b.uniqueName(node.name);
    this.emit(op, [lhs, rhs], [out], node.name);
    this.define(node, { ...like, name: out, known: undefined });
  }

  private unary(node: TfNode, op: 'Relu' | 'Sigmoid'): void {
    const x = this.tensor(dataInputs(node)[0]);
    const out = this.b.uniqueName(node.name);
    this.emit(op, [x.name], [out], node.name);
    this.define(node, { ...x, name: out, known: undefined });
  }

  private pad(node: TfNode): void {
    const [xName, padName] = dataInputs(node);
    const x = this.tensor(xName);
    const paddings = Array.from(this.constant(padName).data);
    const rank = x.shape.length;
    if (paddings.length !== rank * 2) throw new Error(`${node.name}: paddings for rank ${rank}`);
    const before = Array.from({ length: rank }, (_, i) => paddings[2 * i]);
    const after = Array.from({ length: rank }, (_, i) => paddings[2 * i + 1]);
    const order = x.layout === 'nchw' ? NHWC_TO_NCHW : before.map((_, i) => i);
    const pads = [...order.map((i) => before[i]), ...order.map((i) => after[i])];
    const out = this.b.uniqueName(node.name);
    const padsName = this.b.addInt64(`${node.name}/pads`, [pads.length], pads);
    this.emit('Pad', [x.name, padsName], [out], node.name, { mode: 'constant' });
    const shape = x.shape.map((d, i) => (d < 0 ? d : d + before[i] + after[i]));
    this.define(node, { ...x, name: out, shape, known: undefined });
  }

  private pool(node: TfNode): void {
    const x = this.toNchw(this.tensor(dataInputs(node)[0]));
    if (attrString(node, 'data_format', 'NHWC') !== 'NHWC') {
      throw new Error(`${node.name}: only NHWC is supported`);
    }
    const ksize = attrInts(node, 'ksize');
    if (ksize[0] !== 1 || ksize[3] !== 1) throw new Error(`${node.name}: pooling over N or C`);
    const spatial = this.window(
      node,
      x.shape,
      [ksize[1], ksize[2]],
      attrInts(node, 'strides'),
      [1, 1, 1, 1],
    );
    const out = this.b.uniqueName(node.name);
    const attrs = {
      kernel_shape: [ksize[1], ksize[2]],
      strides: spatial.strides,
      pads: spatial.pads,
    };
    if (node.op === 'MaxPool') this.emit('MaxPool', [x.name], [out], node.name, attrs);
    // TF averages over the valid (unpadded) cells only.
    else this.emit('AveragePool', [x.name], [out], node.name, { ...attrs, count_include_pad: 0 });
    const shape = [x.shape[0], spatial.out[0], spatial.out[1], x.shape[3]];
    this.define(node, { ...x, name: out, shape, known: undefined });
  }

  private resizeBilinear(node: TfNode): void {
    const [xName, sizeName] = dataInputs(node);
    const x = this.toNchw(this.tensor(xName));
    const [h, w] = Array.from(this.constant(sizeName).data);
    const [inH, inW] = [x.shape[1], x.shape[2]];
    const scales = [1, 1, h / inH, w / inW];
    // Resize derives the output size as floor(in * scale): make sure that lands on TF's size.
    if (
      Math.floor(inH * Math.fround(scales[2])) !== h ||
      Math.floor(inW * Math.fround(scales[3])) !== w
    ) {
      throw new Error(`${node.name}: ${inH}x${inW} -> ${h}x${w} is not an exact scale`);
    }
    const alignCorners = attrBool(node, 'align_corners');
    const halfPixel = attrBool(node, 'half_pixel_centers');
    if (alignCorners && halfPixel) throw new Error(`${node.name}: align_corners + half_pixel`);
    const mode = alignCorners ? 'align_corners' : halfPixel ? 'half_pixel' : 'asymmetric';
    const scalesName = this.b.addFloat(`${node.name}/scales`, [4], scales);
    const out = this.b.uniqueName(node.name);
    this.emit('Resize', [x.name, '', scalesName], [out], node.name, {
      mode: 'linear',
      coordinate_transformation_mode: mode,
    });
    const shape = [x.shape[0], h, w, x.shape[3]];
    this.define(node, { ...x, name: out, shape, known: undefined });
  }

  private depthToSpace(node: TfNode): void {
    const x = this.toNchw(this.tensor(dataInputs(node)[0]));
    if (attrString(node, 'data_format', 'NHWC') !== 'NHWC') {
      throw new Error(`${node.name}: only NHWC is supported`);
    }
    const block = attrInt(node, 'block_size');
    const out = this.b.uniqueName(node.name);
    // TF's NHWC depth order (block row, block column, channel) is ONNX's DCR mode.
    this.emit('DepthToSpace', [x.name], [out], node.name, { blocksize: block, mode: 'DCR' });
    const [n, hh, ww, c] = x.shape;
    const shape = [n, hh * block, ww * block, c / (block * block)];
    this.define(node, { ...x, name: out, shape, known: undefined });
  }

  private shapeOp(node: TfNode): void {
    const x = this.toNative(this.tensor(dataInputs(node)[0]));
    const out = this.b.uniqueName(node.name);
    this.emit('Shape', [x.name], [out], node.name);
    const known = x.shape.every((d, i) => d >= 0 || i === 0)
      ? x.shape.map((d): KnownInt => (d < 0 ? 'batch' : d))
      : undefined;
    this.define(node, {
      kind: 'tensor',
      name: out,
      shape: [x.shape.length],
      layout: 'native',
      dtype: 'int',
      known,
    });
  }

  private stridedSlice(node: TfNode): void {
    const [xName, beginName, endName, stridesName] = dataInputs(node);
    const x = this.toNative(this.tensor(xName));
    // Shape arithmetic is all these graphs slice: only the 1-D case is tracked.
    if (x.shape.length !== 1) throw new Error(`${node.name}: only 1-D StridedSlice is supported`);
    const begin = Array.from(this.constant(beginName).data);
    const end = Array.from(this.constant(endName).data);
    const steps = Array.from(this.constant(stridesName).data);
    if (attrInt(node, 'ellipsis_mask', 0) || attrInt(node, 'new_axis_mask', 0)) {
      throw new Error(`${node.name}: ellipsis/new-axis masks are not supported`);
    }
    const beginMask = attrInt(node, 'begin_mask', 0);
    const endMask = attrInt(node, 'end_mask', 0);
    const shrinkMask = attrInt(node, 'shrink_axis_mask', 0);
    const maxInt = Number.MAX_SAFE_INTEGER;
    const starts: number[] = [];
    const ends: number[] = [];
    const axes: number[] = [];
    const shrink: number[] = [];
    for (let i = 0; i < begin.length; i++) {
      const step = steps[i];
      const fromEdge = step > 0 ? 0 : -1;
      const toEdge = step > 0 ? maxInt : -maxInt;
      const start = beginMask & (1 << i) ? fromEdge : begin[i];
      let stop = endMask & (1 << i) ? toEdge : end[i];
      if (shrinkMask & (1 << i)) {
        shrink.push(i);
        stop = start === -1 ? maxInt : start + 1;
      }
      starts.push(start);
      ends.push(stop);
      axes.push(i);
    }
    const sliced = this.b.uniqueName(shrink.length ? `${node.name}/slice` : node.name);
    this.emit(
      'Slice',
      [
        x.name,
        this.b.addInt64(`${node.name}/starts`, [starts.length], starts),
        this.b.addInt64(`${node.name}/ends`, [ends.length], ends),
        this.b.addInt64(`${node.name}/axes`, [axes.length], axes),
        this.b.addInt64(`${node.name}/steps`, [steps.length], steps),
      ],
      [sliced],
      node.name,
    );
    let out = sliced;
    if (shrink.length) {
      out = this.b.uniqueName(node.name);
      const axesName = this.b.addInt64(`${node.name}/squeeze_axes`, [shrink.length], shrink);
      this.emit('Squeeze', [sliced, axesName], [out], `${node.name}/squeeze`);
    }
    const picked = sliceIndices(x.shape[0], starts[0], ends[0], steps[0]);
    const known = x.known ? picked.map((i) => (x.known as KnownInt[])[i]) : undefined;
    const shape = shrink.length ? [] : [picked.length];
    this.define(node, { ...x, name: out, shape, known });
  }

  /** Pack of int scalars: the shape vectors these graphs build for Reshape. */
  private pack(node: TfNode): void {
    if (attrInt(node, 'axis', 0) !== 0) throw new Error(`${node.name}: Pack on a non-zero axis`);
    const parts = dataInputs(node).map((name) => this.value(name));
    const names: string[] = [];
    const known: KnownInt[] = [];
    let allKnown = true;
    for (const [i, part] of parts.entries()) {
      if (part.kind === 'const') {
        if (part.weight.dtype !== 'int32' || part.weight.shape.length !== 0) {
          throw new Error(`${node.name}: only int scalars can be packed`);
        }
        const value = part.weight.data[0];
        names.push(this.b.addInt64(`${node.name}/${i}`, [1], [value]));
        known.push(value);
      } else {
        const t = this.toNative(part);
        if (t.dtype !== 'int' || t.shape.length !== 0) {
          throw new Error(`${node.name}: only int scalars can be packed`);
        }
        const unsqueezed = this.b.uniqueName(`${node.name}/${i}`);
        const axesName = this.int64Const([0]);
        this.emit('Unsqueeze', [t.name, axesName], [unsqueezed], `${node.name}/unsqueeze_${i}`);
        names.push(unsqueezed);
        if (t.known) known.push(t.known[0]);
        else allKnown = false;
      }
    }
    const out = this.b.uniqueName(node.name);
    this.emit('Concat', names, [out], node.name, { axis: 0 });
    this.define(node, {
      kind: 'tensor',
      name: out,
      shape: [parts.length],
      layout: 'native',
      dtype: 'int',
      known: allKnown ? known : undefined,
    });
  }

  private reshape(node: TfNode): void {
    const [xName, shapeName] = dataInputs(node);
    const x = this.toNative(this.tensor(xName));
    const target = this.value(shapeName);
    let shapeTensor: string;
    let spec: KnownInt[] | undefined;
    if (target.kind === 'const') {
      spec = Array.from(target.weight.data);
      shapeTensor = this.b.addInt64(`${node.name}/shape`, [spec.length], spec as number[]);
    } else {
      shapeTensor = target.name;
      spec = target.known;
    }
    if (!spec) throw new Error(`${node.name}: reshape to a shape unknown at conversion time`);
    const out = this.b.uniqueName(node.name);
    this.emit('Reshape', [x.name, shapeTensor], [out], node.name);
    this.define(node, { ...x, name: out, shape: reshapeShape(node.name, x.shape, spec) });
  }

  private concat(node: TfNode): void {
    const inputs = dataInputs(node);
    const axisValue = Number(this.constant(inputs[inputs.length - 1]).data[0]);
    const parts = inputs.slice(0, -1).map((name) => this.tensor(name));
    const rank = parts[0].shape.length;
    const axis = axisValue < 0 ? axisValue + rank : axisValue;
    const nchw = rank === 4 && parts.every((p) => p.layout === 'nchw');
    const ready = nchw ? parts : parts.map((p) => this.toNative(p));
    const out = this.b.uniqueName(node.name);
    this.emit(
      'Concat',
      ready.map((p) => p.name),
      [out],
      node.name,
      { axis: nchw ? AXIS_TO_NCHW[axis] : axis },
    );
    const shape = [...ready[0].shape];
    shape[axis] = ready.reduce((sum, p) => sum + p.shape[axis], 0);
    this.define(node, { ...ready[0], name: out, shape, known: undefined });
  }

  // ---- helpers ----

  /** SAME/VALID/EXPLICIT windows in TF terms -> ONNX strides, dilations, pads, output size. */
  private window(
    node: TfNode,
    nhwc: number[],
    kernel: number[],
    strides: number[],
    dilations: number[],
  ): { strides: number[]; dilations: number[]; pads: number[]; out: number[] } {
    if (strides[0] !== 1 || strides[3] !== 1 || dilations[0] !== 1 || dilations[3] !== 1) {
      throw new Error(`${node.name}: strides/dilations over N or C`);
    }
    const padding = attrString(node, 'padding');
    const explicit = padding === 'EXPLICIT' ? attrInts(node, 'explicit_paddings') : [];
    const before: number[] = [];
    const after: number[] = [];
    const out: number[] = [];
    for (let i = 0; i < 2; i++) {
      const size = nhwc[1 + i];
      const s = strides[1 + i];
      const effective = (kernel[i] - 1) * dilations[1 + i] + 1;
      if (size < 0) throw new Error(`${node.name}: unknown spatial size`);
      if (padding === 'SAME') {
        const o = Math.ceil(size / s);
        const total = Math.max((o - 1) * s + effective - size, 0);
        before.push(Math.floor(total / 2)); // TF puts the odd pixel at the end
        after.push(total - Math.floor(total / 2));
        out.push(o);
      } else if (padding === 'VALID' || padding === 'EXPLICIT') {
        const lo = padding === 'EXPLICIT' ? explicit[2 + 2 * i] : 0;
        const hi = padding === 'EXPLICIT' ? explicit[3 + 2 * i] : 0;
        before.push(lo);
        after.push(hi);
        out.push(Math.floor((size + lo + hi - effective) / s) + 1);
      } else {
        throw new Error(`${node.name}: padding ${padding}`);
      }
    }
    return {
      strides: [strides[1], strides[2]],
      dilations: [dilations[1], dilations[2]],
      pads: [before[0], before[1], after[0], after[1]],
      out,
    };
  }

  /**
   * A float weight as an initializer, permuted (`perm` over its TF shape) and reshaped to `dims`.
   * Float16-quantized weights stay float16 behind a Cast: lossless (TFJS dequantizes the same
   * halves) at half the file size; onnxruntime folds the Cast when the session loads.
   */
  private floatInitializer(base: string, w: TfWeight, perm?: number[], dims?: number[]): string {
    if (w.dtype !== 'float32') throw new Error(`${w.name}: expected a float weight`);
    const shape = dims ?? w.shape;
    if (w.float16) {
      const halves = perm ? permute(w.float16, w.shape, perm) : w.float16;
      const raw = this.b.addFloat16(`${base}_f16`, shape, halves);
      const name = this.b.uniqueName(base);
      this.emit('Cast', [raw], [name], `${base}/cast`, { to: 1 /* FLOAT */ });
      return name;
    }
    const data = w.data as Float32Array;
    const values = perm ? permute(data, w.shape, perm) : data;
    return this.b.addFloat(base, shape, values);
  }

  private scalar(base: string, value: number): string {
    const key = `f:${base}:${value}`;
    let name = this.constCache.get(key);
    if (!name) {
      name = this.b.addFloat(base, [], [value]);
      this.constCache.set(key, name);
    }
    return name;
  }

  private int64Const(values: number[]): string {
    const key = `i64:${values.join(',')}`;
    let name = this.constCache.get(key);
    if (!name) {
      name = this.b.addInt64(`const/i64_${values.join('_')}`, [values.length], values);
      this.constCache.set(key, name);
    }
    return name;
  }

  private toNchw(t: Tensor): Tensor {
    if (t.layout === 'nchw') return t;
    if (t.shape.length !== 4) throw new Error(`${t.name}: rank ${t.shape.length} is not NHWC`);
    let cached = this.nchwOf.get(t.name);
    if (!cached) {
      const name = this.b.uniqueName(`${t.name}/nchw`);
      this.emit('Transpose', [t.name], [name], `${t.name}/to_nchw`, { perm: NHWC_TO_NCHW });
      cached = { ...t, name, layout: 'nchw' };
      this.nchwOf.set(t.name, cached);
      this.nativeOf.set(name, t);
    }
    return cached;
  }

  private toNative(t: Tensor): Tensor {
    if (t.layout === 'native') return t;
    let cached = this.nativeOf.get(t.name);
    if (!cached) {
      const name = this.b.uniqueName(`${t.name}/nhwc`);
      this.emit('Transpose', [t.name], [name], `${t.name}/to_nhwc`, { perm: NCHW_TO_NHWC });
      cached = { ...t, name, layout: 'native' };
      this.nativeOf.set(t.name, cached);
      this.nchwOf.set(name, t);
    }
    return cached;
  }

  private sameLayout(a: Tensor, c: Tensor): [Tensor, Tensor] {
    if (a.layout === c.layout) return [a, c];
    return [this.toNative(a), this.toNative(c)];
  }

  private emit(
    op: string,
    inputs: string[],
    outputs: string[],
    name: string,
    attrs?: Parameters<OnnxGraphBuilder['addNode']>[0]['attrs'],
  ): void {
    this.nodeCount++;
    this.b.addNode({ op, inputs, outputs, name, attrs });
  }

  private define(node: TfNode, value: Value): void {
    this.values.set(node.name, value);
  }

  private value(name: string): Value {
    const value = this.values.get(name);
    if (!value) throw new Error(`value ${name} used before it was defined`);
    return value;
  }

  private tensor(name: string): Tensor {
    const value = this.value(name);
    if (value.kind === 'const') throw new Error(`${name}: a constant where a tensor is expected`);
    return value;
  }

  private constant(name: string): TfWeight {
    const value = this.value(name);
    if (value.kind !== 'const') throw new Error(`${name}: a tensor where a constant is expected`);
    return value.weight;
  }

  private weight(name: string): TfWeight {
    const weight = this.model.weights.get(name);
    if (!weight) throw new Error(`Const ${name} has no weight in the manifest`);
    return weight;
  }
}

/** Data inputs of a node: control inputs (^name) dropped, output port 0 only. */
function dataInputs(node: TfNode): string[] {
  return (node.input ?? [])
    .filter((input) => !input.startsWith('^'))
    .map((input) => {
      const [name, port] = input.split(':');
      if (port !== undefined && port !== '0') {
        throw new Error(`${node.name}: input ${input} (output port ${port}) is not supported`);
      }
      return name;
    });
}

function sameShape(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((d, i) => d === b[i]);
}

/** TF Reshape shape inference with a symbolic batch: one 'batch' or one -1 absorbs it. */
function reshapeShape(name: string, input: number[], spec: KnownInt[]): number[] {
  const batched = input[0] < 0;
  const rest = input.slice(batched ? 1 : 0);
  if (rest.some((d) => d < 0)) throw new Error(`${name}: unknown non-batch dimension`);
  const total = rest.reduce((a, d) => a * d, 1);
  const fixed = spec.filter((d): d is number => d !== 'batch' && d >= 0).reduce((a, d) => a * d, 1);
  const hasBatch = spec.includes('batch');
  return spec.map((d) => {
    if (d === 'batch') return -1;
    if (d >= 0) return d;
    if (hasBatch || !batched) return total / fixed; // -1 covers the non-batch elements
    if (fixed !== total) throw new Error(`${name}: -1 would mix batch and data elements`);
    return -1; // -1 stands for the batch
  });
}

/** Indices a slice visits over a dimension of `size` (numpy-style clamping). */
function sliceIndices(size: number, start: number, end: number, step: number): number[] {
  const norm = (v: number, lo: number, hi: number) =>
    Math.min(Math.max(v < 0 ? v + size : v, lo), hi);
  const out: number[] = [];
  if (step > 0) {
    for (let i = norm(start, 0, size); i < norm(end, 0, size); i += step) out.push(i);
  } else {
    for (let i = norm(start, -1, size - 1); i > norm(end, -1, size - 1); i += step) out.push(i);
  }
  return out;
}

/** Transposes a row-major array of `shape` by `perm` (numpy.transpose semantics). */
export function permute<T extends Float32Array | Uint16Array>(
  data: T,
  shape: number[],
  perm: number[],
): T {
  const rank = shape.length;
  const outShape = perm.map((p) => shape[p]);
  const inStrides = new Array<number>(rank);
  for (let i = rank - 1, s = 1; i >= 0; i--) {
    inStrides[i] = s;
    s *= shape[i];
  }
  const strides = perm.map((p) => inStrides[p]);
  const out = new (data.constructor as new (n: number) => T)(data.length);
  const index = new Array<number>(rank).fill(0);
  for (let o = 0; o < data.length; o++) {
    let offset = 0;
    for (let d = 0; d < rank; d++) offset += index[d] * strides[d];
    out[o] = data[offset];
    for (let d = rank - 1; d >= 0; d--) {
      if (++index[d] < outShape[d]) break;
      index[d] = 0;
    }
  }
  return out;
}
