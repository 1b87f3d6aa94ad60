// Log lines are gathered and written once per turn of the event loop: a write to a pipe is a
// synchronous system call, and one per request costs more than the request itself on a fast path.

export function bufferedLineWriter(stream: NodeJS.WritableStream = process.stderr, maxBuffered = 64 * 1024): (line: string) => void {
  let pending = '';
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    if (pending) {
      const text = pending;
      pending = '';
      stream.write(text);
    }
  };
  process.once('exit', flush);
  return (line) => {
    pending += line + '\n';
    if (pending.length >= maxBuffered) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}
