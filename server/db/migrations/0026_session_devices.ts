/**
 * 0026 — what each session's device is, as a person recognises it ('Chrome on Android'), taken from the browser at
 * sign-in (src/domain/device.ts): an admin's list of someone's signed-in devices names them instead of showing ids.
 * Sessions opened before this read as unknown ('').
 *
 * This string goes through String.raw: backslashes stay as written, and it must never contain "${".
 */
export default String.raw`
alter table sessions add column device text not null default '' check (length(device) <= 64);
`;
