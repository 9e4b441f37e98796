// Serves /data as an S3 store on :9000; the compose file's "server /data" arguments are accepted and ignored.
import S3rver from 's3rver';

// Path-style only: the processes reach it as http://s3:9000, which s3rver would otherwise read as
// a bucket named "s3" (a CNAME-style virtual host).
const server = new S3rver({ port: 9000, address: '0.0.0.0', directory: '/data', silent: false, vhostBuckets: false });
await server.run();
console.log('s3rver listening on :9000');
