/**
 * Answering a request whose body is refused before its end (over a size
 * limit) so that the client can read the answer.
 *
 * The answer says `Connection: close`, and Node closes such a socket as soon
 * as the answer is written. A client still sending its body (Node's fetch
 * does, up to its last byte) then writes to a closed socket: the kernel
 * answers with a reset, which can reach the client before the answer, so the
 * client sees EPIPE or ECONNRESET instead of the 413. So the socket closes
 * the way a careful server closes it ("lingering close"): once the answer is
 * out, only our side is closed (FIN: nothing more comes from us), what the
 * client still sends is read and dropped, and the socket goes when the client
 * closes its side, or past a bound of bytes or time, whichever comes first.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** What a client may still send after the answer before the socket is closed anyway (it has had ample time to read it). */
const LINGER_BYTES = 64 * 1024 * 1024;
const LINGER_MS = 5_000;

/** Makes the socket of `serverContext`'s request linger when it closes after this answer (a no-op off Node's HTTP server). */
export function lingerAfterAnswer(serverContext: unknown): void {
  const socket = (serverContext as { req?: IncomingMessage } | undefined)?.req?.socket as
    (Socket & { destroySoon?: () => void }) | undefined;
  if (!socket || typeof socket.destroySoon !== 'function') return;
  // Node ends a `Connection: close` exchange with socket.destroySoon(): end, then destroy once written.
  socket.destroySoon = () => lingeringClose(socket);
}

function lingeringClose(socket: Socket): void {
  let dropped = 0;
  const close = () => socket.destroy();
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.once('end', close);
  socket.on('error', close);
  // Node's HTTP parser may still read this socket (it drops the rest of a refused body); these bytes are counted too.
  socket.on('data', (chunk: Buffer) => {
    dropped += chunk.byteLength;
    if (dropped > LINGER_BYTES) close();
  });
  socket.end();
  socket.resume();
}

/** Reads and drops the rest of a refused body in the background (up to the linger bound), so the client is never cut off mid-send. */
export function dropRest(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  let dropped = 0;
  const next = (): Promise<void> =>
    reader.read().then(({ done, value }) => {
      if (done) return;
      dropped += value.byteLength;
      if (dropped > LINGER_BYTES) return reader.cancel();
      return next();
    });
  next().catch(() => undefined); // the client closed first: nothing left to drop
}
