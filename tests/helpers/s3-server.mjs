// An S3-compatible server (s3rver) in its own process, for the server tests of the S3 blob store. Prints one JSON
// line {"port": N} once it listens; stops on SIGTERM. Usage: node s3-server.mjs <directory> <bucket>
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
const { port } = await server.run();
process.stdout.write(JSON.stringify({ port }) + '\n');
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
