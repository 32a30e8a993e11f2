/** Replaced at build time by esbuild's define. */
declare const __APP_VERSION__: string;
declare const __PRODUCTION__: boolean;
