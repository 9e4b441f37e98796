// class-transformer ships its CommonJS build under cjs/ and its typings under types/; this joins them.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
