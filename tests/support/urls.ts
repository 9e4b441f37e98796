import type { ObjectStorage } from '@stardeck/infra';

/**
 * Local storage signs paths on the API's own origin (and track artwork is served there), so a
 * client resolves them against the address it called, as a browser does; S3 URLs are absolute
 * and pass through unchanged.
 */
export function absoluteUrl(base: string, url: string): string {
  return new URL(url, base).toString();
}

/** The storage port with its signed URLs resolved against `base`, for tests that fetch them directly. */
export function resolvingUrls(storage: ObjectStorage, base: string): ObjectStorage {
  return new Proxy(storage, {
    get(target, property, receiver) {
      if (property === 'signUpload') {
        return async (...args: Parameters<ObjectStorage['signUpload']>) => {
          const signed = await target.signUpload(...args);
          return { ...signed, url: absoluteUrl(base, signed.url) };
        };
      }
      if (property === 'signDownload') {
        return async (...args: Parameters<ObjectStorage['signDownload']>) => absoluteUrl(base, await target.signDownload(...args));
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
