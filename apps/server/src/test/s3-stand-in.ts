import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The stand-in's own keys: anything else is refused with 403, as S3 refuses a wrong key. */
export const S3_STAND_IN_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface S3StandIn {
  endpoint: string;
  bucket: string;
  /** The environment that points a shop at this bucket. */
  env: Record<string, string>;
  /** Stops answering (the bucket is unreachable) until `start`; what it holds stays. */
  stop(): Promise<void>;
  /** Answers again, on the same port, with what it held. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver) on a free port, holding one empty bucket in a temporary
 * folder: the shop's S3 store talks to it through the real SDK, as it would to S3.
 */
export async function startS3StandIn(bucket = 'shop-images'): Promise<S3StandIn> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'shop-s3-'));
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
    port = (await server.run()).port;
  };
  const stop = async () => {
    await server?.close();
    server = undefined;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: S3_STAND_IN_KEYS.accessKeyId, S3_SECRET_ACCESS_KEY: S3_STAND_IN_KEYS.secretAccessKey },
    stop,
    start,
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
