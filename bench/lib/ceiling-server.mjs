// @ts-check
/**
 * The ceiling: a bare node:http server answering fixed bytes from memory, run as a child of
 * the bench. It receives its answers over IPC, listens on a free loopback port and reports it.
 * It exits when the bench goes away.
 */
import { createServer } from 'node:http';

/** @typedef {{ path: string, status: number, contentType: string, body: string, headers?: Record<string, string> }} Answer  body in base64; headers: any besides the type and length (e.g. Content-Encoding) */

/** @type {Map<string, { status: number, headers: Record<string, string | number>, body: Buffer }>} */
const answers = new Map();

const server = createServer((request, response) => {
  const answer = answers.get(request.url ?? '');
  if (!answer) {
    response.writeHead(404, { 'content-length': 0 });
    response.end();
    return;
  }
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body);
});

process.on('message', (/** @type {{ answers: Answer[] }} */ message) => {
  for (const { path, status, contentType, body, headers } of message.answers) {
    const bytes = Buffer.from(body, 'base64');
    answers.set(path, { status, headers: { ...headers, 'content-type': contentType, 'content-length': bytes.length }, body: bytes });
  }
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
});

process.on('disconnect', () => process.exit(0));
