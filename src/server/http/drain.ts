import type { ServerResponse } from 'node:http';

/** Resolves when a response whose write returned false may be written again, or has closed. */
export function waitDrainOrClose(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}
