/** Where an S3-compatible store is and how to sign for it: what the configuration gives the S3 blob store. */
export interface S3Settings {
  /** The store's origin, e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}
