/** Replaced at build time by esbuild's define. */
declare const __APP_VERSION__: string;
declare const __PRODUCTION__: boolean;
/** TAGBOOK_STAGE at build time: 'stage', 'dev', or '' for a production build. */
declare const __STAGE__: 'stage' | 'dev' | '';
