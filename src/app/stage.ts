// Stage builds prefix every title with their stage so nobody mistakes them for the real service. The stage is a
// build setting (TAGBOOK_STAGE=stage|dev when building); production builds have none.

export type Stage = 'stage' | 'dev' | '';

const PREFIXES: Record<Stage, string> = { stage: '[STAGE] ', dev: '[DEV] ', '': '' };

export function stagePrefix(stage: Stage): string {
  return PREFIXES[stage] ?? '';
}

/** The title as this build shows it: '[STAGE] Help' on stage builds, 'Help' in production. */
export function stageTitle(title: string, stage: Stage = BUILD_STAGE): string {
  return stagePrefix(stage) + title;
}

export const BUILD_STAGE: Stage = __STAGE__;

/** Production builds hide unfinished areas; every other build (development, stage) shows them. */
export const IS_PRODUCTION: boolean = __PRODUCTION__;
