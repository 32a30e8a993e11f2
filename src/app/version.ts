/** The build's version, from package.json at build time (SPEC §9 "Build version"). */
export const APP_VERSION = `v${__APP_VERSION__}`;
