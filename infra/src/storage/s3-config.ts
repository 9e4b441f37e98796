import type { S3StorageOptions } from './s3-storage';

type Env = Record<string, string | undefined>;

/** The variables that only make sense together: with one of them set, all of them are required. */
const REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * Reads the S3_* variables: null when none is set (objects stay on local disk), the store's
 * settings when all are, and one plain sentence in `problems` for each thing wrong.
 */
export function readS3Config(env: Env, problems: string[]): S3StorageOptions | null {
  const given = REQUIRED.filter((name) => env[name]);
  if (given.length === 0) return null;
  for (const name of REQUIRED) {
    if (!env[name]) problems.push(`${name} is required when ${given[0]} is set (S3 storage needs ${REQUIRED.join(', ')})`);
  }
  const endpoint = env.S3_ENDPOINT ?? '';
  if (endpoint) {
    let protocol = '';
    try {
      protocol = new URL(endpoint).protocol;
    } catch {
      problems.push('S3_ENDPOINT is not a valid URL');
    }
    if (protocol && protocol !== 'http:' && protocol !== 'https:') problems.push(`S3_ENDPOINT must start with http:// or https:// (got "${protocol}//…")`);
  }
  const publicEndpoint = env.S3_PUBLIC_ENDPOINT || null;
  if (publicEndpoint) {
    let protocol = '';
    try {
      protocol = new URL(publicEndpoint).protocol;
    } catch {
      problems.push('S3_PUBLIC_ENDPOINT is not a valid URL');
    }
    if (protocol && protocol !== 'http:' && protocol !== 'https:') problems.push(`S3_PUBLIC_ENDPOINT must start with http:// or https:// (got "${protocol}//…")`);
  }
  const pathStyle = (env.S3_FORCE_PATH_STYLE || 'true').toLowerCase();
  if (!['true', 'false', '1', '0'].includes(pathStyle)) problems.push(`S3_FORCE_PATH_STYLE must be true or false (got "${env.S3_FORCE_PATH_STYLE}")`);
  return {
    endpoint,
    bucket: env.S3_BUCKET ?? '',
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    // Path style (`{endpoint}/{bucket}/{key}`) works on every S3-compatible store; virtual hosts need DNS.
    forcePathStyle: pathStyle === 'true' || pathStyle === '1',
    publicEndpoint,
  };
}
