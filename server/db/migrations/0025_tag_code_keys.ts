/**
 * 0025 — a tag's code as a person reads it back: upper case, with O read as 0 and I and L as 1
 * (src/domain/ids.ts, tagCodeKey). A code typed off a worn sticker in the wrong case or with a look-alike finds its
 * tag through this index when exactly one tag reads that way (server/tags/store.ts, tagByCode).
 *
 * This string goes through String.raw: backslashes stay as written, and it must never contain "${".
 */
export default String.raw`
create index qr_tags_code_key_idx on qr_tags (translate(upper(id), 'OIL', '011'));
`;
