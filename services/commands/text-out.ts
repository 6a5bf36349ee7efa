// Where a command writes a long text as it makes it (the replay export): standard output, or a file that
// appears under its name only once complete, so a command that fails leaves no half a document behind.
import { once } from 'node:events';
import { createWriteStream, existsSync, renameSync, rmSync, statSync, type WriteStream } from 'node:fs';
import type { Io } from '../cli.ts';
import type { TextSink } from './export.ts';

export interface TextOut {
  readonly write: TextSink;
  /** Everything is written: the file is flushed and put in place. */
  done(): Promise<void>;
  /** The command failed: a partial file is removed (what went to standard output stays there). */
  abandon(): Promise<void>;
}

/**
 * Standard output through the command's io, waiting whenever the process's stdout holds more than it wants
 * buffered: a slow reader (a pipe, a terminal) holds the export back rather than letting memory grow.
 */
export function stdoutText(io: Io): TextOut {
  return {
    async write(chunk) {
      io.stdout(chunk);
      if (process.stdout.writableNeedDrain) await once(process.stdout, 'drain');
    },
    async done() {},
    async abandon() {},
  };
}

/**
 * A file written through a stream beside it (`FILE.partial-PID`), opened at the first write (a command refused
 * before it writes leaves no file) and renamed over FILE when done. A path that is not a regular file
 * (/dev/null, a named pipe) is written in place.
 */
export function fileText(path: string): TextOut {
  const inPlace = existsSync(path) && !statSync(path).isFile();
  const target = inPlace ? path : `${path}.partial-${process.pid}`;
  let stream: WriteStream | undefined;
  let failed: Error | undefined;
  const opened = (): WriteStream => {
    if (stream !== undefined) return stream;
    stream = createWriteStream(target);
    stream.on('error', (error) => {
      failed = error;
    });
    return stream;
  };
  return {
    async write(chunk) {
      if (failed !== undefined) throw failed;
      const out = opened();
      if (!out.write(chunk)) await once(out, 'drain');
    },
    async done() {
      const out = opened();
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      if (failed !== undefined) throw failed;
      if (!inPlace) renameSync(target, path);
    },
    async abandon() {
      if (stream === undefined) return;
      if (!stream.closed) {
        const closed = once(stream, 'close').catch(() => {});
        stream.destroy();
        await closed;
      }
      if (!inPlace) rmSync(target, { force: true });
    },
  };
}
