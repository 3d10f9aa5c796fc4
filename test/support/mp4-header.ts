/**
 * A minimal MP4 for tests of the upload checks: ftyp, a moov with one video track whose sample
 * description names `codec` (what the byte sniffers read), and `mdatBytes` of media data.
 */
export function mp4Header(codec: string, mdatBytes = 64): Buffer {
  const box = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + body.length, 0);
    head.write(type, 4, 'ascii');
    return Buffer.concat([head, body]);
  };
  const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'binary'));
  const stsd = box(
    'stsd',
    Buffer.concat([Buffer.from([0, 0, 0, 0, 0, 0, 0, 1]), box(codec, Buffer.alloc(78))]),
  );
  const moov = box('moov', box('trak', box('mdia', box('minf', box('stbl', stsd)))));
  return Buffer.concat([ftyp, moov, box('mdat', Buffer.alloc(mdatBytes, 7))]);
}
