/**
 * One output row of a data query: which bucket, as which client table and id, and its data as the oplog stores it:
 * the row's JSON text (row-json.ts) as a JSON string literal.
 */
export interface BucketRow {
  bucket: string;
  objectType: string;
  objectId: string;
  dataLiteral: string;
}
