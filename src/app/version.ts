/** The build's version, from package.json at build time, shown at the bottom of every page. */
export const APP_VERSION = `v${__APP_VERSION__}`;
