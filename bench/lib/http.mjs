// A small HTTP/1.1 client for benches that send their own requests: node:http over kept-alive sockets. It costs the
// machine about half of what fetch (undici) does per request (bench:queue at 550 requests/s: 0.3 against 0.6 ms of
// CPU), and on two shared cores what the generator uses is taken from the server it measures.
import http from 'node:http';

/** Requests to `base` with `headers` on every one; resolves to { status, text }, rejects only when no answer came. */
export function httpClient(base, headers = {}) {
  const origin = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  return (method, path, { body, headers: extra = {} } = {}) =>
    new Promise((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const request = http.request(
        {
          host: origin.hostname,
          port: origin.port,
          path,
          method,
          agent,
          headers: {
            ...headers,
            ...extra,
            ...(data === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) }),
          },
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(data);
    });
}
