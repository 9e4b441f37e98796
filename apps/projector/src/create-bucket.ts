#!/usr/bin/env node
import { ConfigError, createLogger, loadConfig, S3Storage } from '@stardeck/infra';

/** `stardeck create-bucket`: makes the S3 bucket named by S3_BUCKET unless it exists (a new site's first step). */
async function main(): Promise<void> {
  const config = loadConfig(process.env, { requireSecret: false });
  if (!config.s3) throw new ConfigError(['S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required']);
  const logger = createLogger(config.logLevel, 'create-bucket');
  const outcome = await new S3Storage(config.s3).ensureBucket();
  logger.info({ bucket: config.s3.bucket, outcome }, outcome === 'created' ? 'bucket created' : 'bucket already there');
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
