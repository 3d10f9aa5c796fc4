import { permute } from './tf-to-onnx';
import { decodeWeight, halfToFloat } from './tfjs-graph';

describe('TFJS weight decoding', () => {
  it('reads IEEE halves exactly', () => {
    expect(halfToFloat(0x3c00)).toBe(1);
    expect(halfToFloat(0xc000)).toBe(-2);
    expect(halfToFloat(0x3555)).toBe(0.333251953125);
    expect(halfToFloat(0x0001)).toBe(2 ** -24); // smallest subnormal
    expect(halfToFloat(0x7bff)).toBe(65504); // largest finite
    expect(halfToFloat(0x7c00)).toBe(Infinity);
    expect(halfToFloat(0x7e00)).toBeNaN();
  });

  it('decodes a float16-quantized entry at an unaligned offset and keeps the halves', () => {
    const buffer = Buffer.from([0xff, 0x00, 0x3c, 0x00, 0xc0]); // 1 junk byte, then 1, -2
    const { weight, byteLength } = decodeWeight(
      { name: 'w', shape: [2], dtype: 'float32', quantization: { dtype: 'float16' } },
      buffer,
      1,
    );
    expect(byteLength).toBe(4);
    expect(Array.from(weight.data)).toEqual([1, -2]);
    expect(Array.from(weight.float16 ?? [])).toEqual([0x3c00, 0xc000]);
  });

  it('dequantizes uint8 as q * scale + min', () => {
    const { weight } = decodeWeight(
      {
        name: 'w',
        shape: [3],
        dtype: 'float32',
        quantization: { dtype: 'uint8', scale: 0.5, min: -1 },
      },
      Buffer.from([0, 2, 255]),
      0,
    );
    expect(Array.from(weight.data)).toEqual([-1, 0, 126.5]);
  });

  it('reads int32 entries and refuses truncated data', () => {
    const ints = Buffer.from(new Int32Array([7, -1]).buffer);
    const entry = { name: 'i', shape: [2], dtype: 'int32' as const };
    expect(Array.from(decodeWeight(entry, ints, 0).weight.data)).toEqual([7, -1]);
    expect(() => decodeWeight(entry, ints, 4)).toThrow(/truncated/);
  });
});

describe('permute', () => {
  it('transposes like numpy.transpose (HWIO -> OIHW)', () => {
    // shape [kh=1, kw=2, in=2, out=3]: value = 100*kw + 10*in + out
    const hwio = new Float32Array(12);
    for (let kw = 0; kw < 2; kw++)
      for (let i = 0; i < 2; i++)
        for (let o = 0; o < 3; o++) hwio[kw * 6 + i * 3 + o] = 100 * kw + 10 * i + o;
    const oihw = permute(hwio, [1, 2, 2, 3], [3, 2, 0, 1]);
    // OIHW [3, 2, 1, 2]: index o*4 + i*2 + kw
    for (let o = 0; o < 3; o++)
      for (let i = 0; i < 2; i++)
        for (let kw = 0; kw < 2; kw++) expect(oihw[o * 4 + i * 2 + kw]).toBe(100 * kw + 10 * i + o);
  });
});
