/**
 * Jest's node environment, with the host's typed-array constructors. onnxruntime-node's native
 * binding creates output arrays in the host realm, while the test sandbox has its own
 * Float32Array & co., so onnxruntime-common's `instanceof` checks fail on every run() ("A float32
 * tensor's data must be type of Float32Array"). jest-environment-node already shares ArrayBuffer
 * and Uint8Array this way. Use per file: a `@jest-environment ./test/support/onnxruntime-environment.js`
 * docblock.
 */
const { TestEnvironment } = require('jest-environment-node');

const TYPED_ARRAYS = [
  'Int8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
];

class OnnxRuntimeEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of TYPED_ARRAYS) this.global[name] = globalThis[name];
  }
}

module.exports = OnnxRuntimeEnvironment;
