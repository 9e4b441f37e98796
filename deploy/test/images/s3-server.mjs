// Serves /data as an S3 store on :9000; the compose file's "server /data" arguments are accepted and ignored.
import S3rver from 's3rver';

const server = new S3rver({ port: 9000, address: '0.0.0.0', directory: '/data', silent: false });
await server.run();
console.log('s3rver listening on :9000');
