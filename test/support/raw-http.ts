import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { SignedUp } from './users';

/** The session cookie the supertest agent of a signed-up user holds. */
export function cookieHeader(user: SignedUp): string {
  const jar = (
    user.client.agent as unknown as { jar: { getCookies(o: object): { toValueString(): string } } }
  ).jar;
  const url = new URL(user.client.baseUrl);
  return jar
    .getCookies({ domain: url.hostname, path: '/', secure: false, script: false })
    .toValueString();
}

export interface StreamedAnswer {
  /** null when the connection closed without an answer. */
  status: number | null;
  text: string;
  /** Bytes of the body the client had handed to its socket when it stopped sending. */
  sent: number;
}

/**
 * POSTs a body of `totalBytes` without Content-Length (chunked), made lazily from `head` and
 * then filler bytes (never held in memory). Sending stops as soon as the server answers or
 * closes the connection.
 */
export function postChunked(
  url: URL,
  headers: Record<string, string>,
  head: string,
  totalBytes: number,
): Promise<StreamedAnswer> {
  const filler = Buffer.alloc(64 * 1024, 'a');
  return new Promise((resolve) => {
    let sent = 0;
    let stopped = false;
    let status: number | null = null;
    let text = '';
    const finish = () => {
      if (stopped) return;
      stopped = true;
      req.destroy();
      resolve({ status, text, sent });
    };
    const req = http.request(url, { method: 'POST', headers });
    req.on('response', (res) => {
      status = res.statusCode ?? null;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', finish);
      res.on('error', finish);
    });
    // A reset while still sending can come before the answer already in the socket is read.
    req.on('error', () => setImmediate(finish));
    req.on('close', () => {
      // Give a response already in the socket's buffer the chance to be read.
      if (status === null) setImmediate(finish);
    });

    const write = () => {
      // The head always goes out, then filler up to totalBytes.
      while (!stopped && status === null && (sent === 0 || sent < totalBytes)) {
        const chunk = sent === 0 ? Buffer.from(head) : filler;
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', write);
          return;
        }
      }
      if (!stopped && status === null && sent >= totalBytes) req.end();
    };
    write();
  });
}

/** Resident memory of a process in bytes (Linux: /proc/<pid>/status VmRSS). */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb[1]) * 1024;
}
