// Bundled by bench/upload-large.mjs: the app's own upload code and a signed device, as the server tests use them.
import { create, toBinary } from '@bufbuild/protobuf';
import { newId } from '../src/domain/ids.js';
import { uploadTransaction } from '../src/data/transactionUpload.js';
import { toWireEntry } from '../src/data/uploadEntries.js';
import { SyncService, UploadDataRequestSchema } from '../src/gen/tagbook/v1/sync_pb.js';
import { TestDevice } from '../tests/helpers/device.js';

/** The bytes a request's message takes on the wire (binary protobuf, as the app sends it). */
export const requestBytes = (request: Parameters<typeof create<typeof UploadDataRequestSchema>>[1]) =>
  toBinary(UploadDataRequestSchema, create(UploadDataRequestSchema, request)).length;

export { newId, uploadTransaction, toWireEntry, SyncService, TestDevice };
