import { IncomingHttpHeaders, IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { LookupFunction } from 'node:net';
import { pipeline, Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/** An address that passed the checks, which the connection must use (a second DNS answer could differ). */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

export interface PinnedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  message: IncomingMessage;
}

export class BodyTooLargeError extends Error {
  constructor() {
    super('The response body is larger than the limit');
  }
}

export class UnsupportedEncodingError extends Error {
  constructor(readonly encoding: string) {
    super(`Unsupported content encoding ${encoding}`);
  }
}

/**
 * Sends a GET for `url` over a new connection to `target`, whatever the host name resolves to by
 * then: the socket's lookup answers with the checked address, while the Host header and TLS
 * server name (certificate check included) stay the URL's host. No connection pool is used, so no
 * socket opened for another address is reused.
 */
export function pinnedGet(url: URL, target: CheckedAddress, headers: Record<string, string>, signal: AbortSignal): Promise<PinnedResponse> {
  const pinnedLookup = ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(url, { method: 'GET', headers, agent: false, lookup: pinnedLookup, signal }, (message) =>
      resolve({ status: message.statusCode ?? 0, headers: message.headers, message }),
    );
    request.on('error', reject);
    request.end();
  });
}

/**
 * Reads the body, decompressed (gzip, deflate, br), and fails as soon as more than `maxBytes`
 * arrived, counting the decompressed bytes so a small compressed bomb cannot get past the limit.
 */
export async function readLimitedBody(response: PinnedResponse, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  const encoding = String(response.headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase();
  if (Number.isFinite(declared) && declared > maxBytes && encoding === 'identity') {
    response.message.destroy();
    throw new BodyTooLargeError();
  }
  const stream = decoded(response.message, encoding);
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      const buffer = chunk as Buffer;
      total += buffer.length;
      if (total > maxBytes) throw new BodyTooLargeError();
      chunks.push(buffer);
    }
  } finally {
    if (total > maxBytes) {
      stream.destroy();
      response.message.destroy();
    }
  }
  return Buffer.concat(chunks);
}

function decoded(message: IncomingMessage, encoding: string): Readable {
  switch (encoding) {
    case 'identity':
    case '':
      return message;
    case 'gzip':
    case 'x-gzip':
      return through(message, createGunzip());
    case 'deflate':
      return through(message, createInflate());
    case 'br':
      return through(message, createBrotliDecompress());
    default:
      message.destroy();
      throw new UnsupportedEncodingError(encoding);
  }
}

/** The decompressor fed by the message; an error on either side (an abort, a corrupt stream) ends the reading. */
function through(message: IncomingMessage, decompressor: Transform): Readable {
  return pipeline(message, decompressor, () => undefined);
}
