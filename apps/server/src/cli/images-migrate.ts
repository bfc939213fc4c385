// `npm run images:migrate [-- <folder>]`: copies the images kept on disk (DATA_DIR/images, or the
// folder given) into the S3 bucket that S3_BUCKET and the other S3_* settings name. Files already
// in the bucket are skipped, so a run that stopped carries on where it was; run it again until
// it copies nothing, then start the shop with the S3 settings.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { ConfigError } from '../lib/errors.js';
import { checkBucket, copyDiskImagesToBucket, createS3Client } from '../lib/s3-image-storage.js';

async function main() {
  const config = loadConfig();
  if (config.images.kind !== 's3') {
    throw new ConfigError('Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) to the bucket the images go to.');
  }
  const source = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'images'));
  if (!existsSync(source)) throw new ConfigError(`There is no image folder at ${source}.`);
  const client = createS3Client(config.images);
  try {
    await checkBucket(client, config.images, (message) => {
      throw new Error(message);
    });
    const report = await copyDiskImagesToBucket(client, config.images, source, ({ copied, skipped }) => console.log(`${copied} copied, ${skipped} already there`));
    console.log(`Images in ${config.images.bucket}: ${report.copied} copied, ${report.skipped} already there (from ${source}).`);
  } finally {
    client.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
