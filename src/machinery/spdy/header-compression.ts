/**
 * The zlib state of SPDY/3 header blocks: one zlib stream per direction for the whole connection,
 * primed with the SPDY dictionary, each block ended on a byte boundary (a sync flush) so the peer
 * can decode it at once. Blocks are processed in order. {@link HeaderCompression} deflates and
 * inflates; {@link StoredHeaderBlocks} writes a sending side without compressing.
 */
import { constants, createDeflate, createInflate, deflateSync, type Deflate, type Inflate } from 'node:zlib';
import { SPDY3_DICTIONARY } from './dictionary.js';

/** Largest decompressed header block accepted (a hostile peer cannot make us inflate without end). */
const MAX_HEADER_BLOCK = 64 * 1024;

function run(z: Deflate | Inflate, input: Buffer, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer): void => {
      size += c.length;
      if (size > limit) {
        z.off('data', onData);
        reject(new Error('header block too large'));
        return;
      }
      chunks.push(c);
    };
    const onError = (e: Error): void => reject(e);
    z.on('data', onData);
    z.once('error', onError);
    z.write(input);
    z.flush(constants.Z_SYNC_FLUSH, () => {
      z.off('data', onData);
      z.off('error', onError);
      resolve(Buffer.concat(chunks));
    });
  });
}

/** Header (de)compression of one connection. */
export class HeaderCompression {
  private readonly deflate = createDeflate({ dictionary: SPDY3_DICTIONARY });
  private readonly inflate = createInflate({ dictionary: SPDY3_DICTIONARY });
  private outChain: Promise<unknown> = Promise.resolve();
  private inChain: Promise<unknown> = Promise.resolve();

  compress(block: Buffer): Promise<Buffer> {
    const result = this.outChain.then(() => run(this.deflate, block, Number.MAX_SAFE_INTEGER));
    this.outChain = result.catch(() => undefined);
    return result;
  }

  decompress(block: Buffer): Promise<Buffer> {
    const result = this.inChain.then(() => run(this.inflate, block, MAX_HEADER_BLOCK));
    this.inChain = result.catch(() => undefined);
    return result;
  }

  close(): void {
    this.deflate.destroy();
    this.inflate.destroy();
  }
}

/** Largest stored deflate block. */
const MAX_STORED = 0xffff;

let zlibHeader: Buffer | undefined;

/** The 6-byte zlib header of a stream primed with the SPDY dictionary (its id says which dictionary). */
function dictionaryZlibHeader(): Buffer {
  zlibHeader ??= deflateSync(Buffer.alloc(0), { dictionary: SPDY3_DICTIONARY }).subarray(0, 6);
  return zlibHeader;
}

/**
 * The sending half of a connection's header compression, without a compressor: each block goes in
 * stored (uncompressed) deflate blocks of the connection's zlib stream, which any inflater primed
 * with the SPDY dictionary reads as it reads deflated ones. Synchronous, so a block is framed and
 * sent at once: a sender of a few small blocks per stream (port-forward's stream pairs) spends
 * more on a zlib stream's asynchronous round trip per block than compression would save in bytes.
 */
export class StoredHeaderBlocks {
  private started = false;

  /** `block` as the next piece of the connection's zlib stream. */
  encode(block: Buffer): Buffer {
    const parts: Buffer[] = [];
    if (!this.started) {
      this.started = true;
      parts.push(dictionaryZlibHeader());
    }
    let offset = 0;
    do {
      const piece = block.subarray(offset, offset + MAX_STORED);
      // BFINAL 0, BTYPE 00 (stored), padded to the byte; LEN and its one's complement, little-endian.
      const head = Buffer.alloc(5);
      head.writeUInt16LE(piece.length, 1);
      head.writeUInt16LE(~piece.length & 0xffff, 3);
      parts.push(head, piece);
      offset += MAX_STORED;
    } while (offset < block.length);
    return Buffer.concat(parts);
  }
}
