import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the S3 REST API on loopback, path-style (`/bucket/key`): PutObject, GetObject,
 * HeadObject and DeleteObject, S3's XML errors, and AWS Signature Version 4 checked on every request
 * (the signature recomputed from the request, as S3 does; a wrong key or a changed body is refused).
 */
export interface FakeS3 {
  endpoint: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request, as `METHOD key`. */
  requests: string[];
  /** Answer the next request to this operation with this S3 error. */
  failNext(method: 'PUT' | 'GET' | 'DELETE', code: string, status: number): void;
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

function xmlError(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>fake</RequestId></Error>`,
  );
}

/** Signature Version 4 of the request, computed as S3 does; null when the header is malformed. */
function expectedSignature(
  req: IncomingMessage,
  secret: string,
  region: string,
): { given: string; expected: string; accessKeyId: string } | null {
  const header = req.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      header,
    );
  const amzDate = req.headers['x-amz-date'];
  const payloadHash = req.headers['x-amz-content-sha256'];
  if (!match || typeof amzDate !== 'string' || typeof payloadHash !== 'string' || match[3] !== region) return null;
  const [, accessKeyId, day, , signedHeaders, given] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const [rawPath, rawQuery = ''] = (req.url ?? '/').split('?') as [string, string?];
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => (pair.includes('=') ? pair : `${pair}=`))
    .sort()
    .join('&');
  const headers = signedHeaders
    .split(';')
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [req.method, rawPath, query, headers, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), 's3'), 'aws4_request');
  return { given, expected: createHmac('sha256', key).update(toSign).digest('hex'), accessKeyId };
}

export async function startFakeS3(bucket = 'leadsmith-files', region = 'us-east-1'): Promise<FakeS3> {
  const credentials = { accessKeyId: 'AKIAFAKES3TEST', secretAccessKey: 'fake-s3-secret-key-for-tests' };
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: string[] = [];
  const failures = new Map<string, { code: string; status: number }>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
      const [, bucketName = '', ...rest] = path.split('/');
      const key = rest.join('/');
      requests.push(`${req.method} ${key}`);

      const signature = expectedSignature(req, credentials.secretAccessKey, region);
      if (!signature)
        return xmlError(res, 400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
      if (signature.accessKeyId !== credentials.accessKeyId)
        return xmlError(
          res,
          403,
          'InvalidAccessKeyId',
          'The AWS Access Key Id you provided does not exist in our records.',
        );
      if (signature.given !== signature.expected)
        return xmlError(
          res,
          403,
          'SignatureDoesNotMatch',
          'The request signature we calculated does not match the signature you provided.',
        );
      const payloadHash = req.headers['x-amz-content-sha256'];
      if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body))
        return xmlError(
          res,
          400,
          'XAmzContentSHA256Mismatch',
          'The provided x-amz-content-sha256 header does not match what was computed.',
        );
      if (bucketName !== bucket) return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist.');
      const failure = failures.get(req.method ?? '');
      if (failure) {
        failures.delete(req.method ?? '');
        return xmlError(res, failure.status, failure.code, 'Injected by the test.');
      }

      const etag = `"${createHash('md5')
        .update(objects.get(key)?.body ?? body)
        .digest('hex')}"`;
      switch (req.method) {
        case 'PUT':
          objects.set(key, { body, contentType: req.headers['content-type'] ?? 'binary/octet-stream' });
          res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
          return res.end();
        case 'GET':
        case 'HEAD': {
          const object = objects.get(key);
          if (!object)
            return req.method === 'HEAD'
              ? (res.writeHead(404), res.end())
              : xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
          res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length, etag });
          return res.end(req.method === 'GET' ? object.body : undefined);
        }
        case 'DELETE':
          objects.delete(key);
          res.writeHead(204);
          return res.end();
        default:
          return xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    credentials,
    objects,
    requests,
    failNext: (method, code, status) => void failures.set(method, { code, status }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
