/**
 * The zlib state of SPDY/3 header blocks: one compressor per direction for the whole connection,
 * primed with the SPDY dictionary, each block ended with a sync flush so the peer can decode it at
 * once. Blocks are processed in order.
 */
import { constants, createDeflate, createInflate, type Deflate, type Inflate } from 'node:zlib';
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
