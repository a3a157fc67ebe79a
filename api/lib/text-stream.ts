/**
 * A response body that pulls text from an async generator only as fast as the client reads it (a large export never
 * sits in memory whole); a client that goes away stops the generator, and a generator that fails breaks the body, so
 * the client never takes a cut-off document for a whole one.
 */
export function textStream(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
