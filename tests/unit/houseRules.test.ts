// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// The house rules of the layout, checked on every import statement of the tree so a slip fails the suite instead of a
// review. Each rule lists the offending "file → import" pairs, so a failure says exactly what to move.

const ROOT = resolve(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split(sep).join('/'));
}

/** Every module specifier a file imports or re-exports, statically or dynamically. */
function importsOf(source: string): string[] {
  const found: string[] = [];
  const patterns = [/\b(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1]!);
  return found;
}

interface Edge {
  file: string;
  specifier: string;
  /** The imported file relative to the root, for relative specifiers; null for packages. */
  target: string | null;
}

function edges(dir: string): Edge[] {
  return sourceFiles(dir).flatMap((file) =>
    importsOf(readFileSync(join(ROOT, file), 'utf8')).map((specifier) => ({
      file,
      specifier,
      target: specifier.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(file), specifier)).split(sep).join('/') : null,
    })),
  );
}

const show = (list: Edge[]) => list.map((e) => `${e.file} → ${e.specifier}`);
const featureOf = (path: string) => /^src\/features\/([^/]+)\//.exec(path)?.[1] ?? null;
const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** The rules as pure checks over import edges, so each can be shown to catch a violation. */
const rules = {
  serverTakesOnlyDomainAndGen: (e: Edge) =>
    e.target !== null && e.target.startsWith('src/') && !/^src\/(domain|gen)\//.test(e.target),
  featureImportsNoOtherFeature: (e: Edge) => {
    const own = featureOf(e.file);
    const other = e.target === null ? null : featureOf(e.target);
    return own !== null && other !== null && other !== own;
  },
  componentsImportNoSdk: (e: Edge) => e.file.endsWith('.tsx') && e.specifier.startsWith('@powersync/'),
  domainIsPure: (e: Edge) =>
    NODE_BUILTINS.has(e.specifier) || (e.target !== null && !e.target.startsWith('src/domain/')) || e.specifier === 'react',
  // The client's layers: features → entities → data → domain, each importing only those below it. An entity is what
  // several features read (its named queries, row types, labels and formats), so it knows no feature, nor the kit or
  // the shell that show it.
  entityImportsNoFeatureUiOrApp: (e: Edge) =>
    e.file.startsWith('src/entities/') && e.target !== null && /^src\/(features|ui|app)\//.test(e.target),
  dataImportsNoEntityOrFeature: (e: Edge) =>
    e.file.startsWith('src/data/') && e.target !== null && /^src\/(entities|features)\//.test(e.target),
  // A feature may still import src/data: for its writes, the database's and the sync's state, and useWatchedQuery
  // for a read no other feature makes. What it reads of a row is typed by src/entities (rows.ts), so the schema's
  // own module is data's alone, and a read a second feature needs moves to src/entities.
  featureTakesRowTypesFromEntities: (e: Edge) => featureOf(e.file) !== null && e.target === 'src/data/schema.js',
  kitImportsNoAppOrFeature: (e: Edge) => e.file.startsWith('src/ui/') && e.target !== null && /^src\/(app|features|entities)\//.test(e.target),
  // Our sync engine in two halves that meet only in the engine that wires them (and the rules, hub and bucket states
  // both read): what replicates the change log into oplogs, and what serves streams to devices.
  syncHalvesApart: (e: Edge) =>
    e.target !== null &&
    ((e.file.startsWith('server/sync/serve/') && e.target.startsWith('server/sync/replicate/')) ||
      (e.file.startsWith('server/sync/replicate/') && e.target.startsWith('server/sync/serve/'))),
};

// An RPC handler file (server/<area>/*-service.ts) or an access module parses, asks the rules and calls its area's
// data module: the SQL lives there, so what a handler allows and what it reads are each in one place.
const SQL_STATEMENT = /\b(?:select\s[\s\S]*?\sfrom|insert\s+into|update\s+\w+\s+set|delete\s+from)\b|\.query\s*[<(]/i;

/** Whether a source text, its comments taken out, writes SQL or runs a query. */
function writesSql(source: string): boolean {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return SQL_STATEMENT.test(code);
}

function handlersWithSql(): string[] {
  return sourceFiles('server')
    .filter((file) => /^server\/[^/]+\/(?:[\w-]+-service|access)\.ts$/.test(file))
    .filter((file) => writesSql(readFileSync(join(ROOT, file), 'utf8')));
}

// The kit's internals: the class names its components write for themselves. A page that writes one has rebuilt a
// component by hand (a field's control, an alert, a check box, a list row); it uses the component instead.
const KIT_INTERNAL_CLASS = /\bui-(?:field|alert|check|spinner|chip|list-item|unsent)(?:--|__|\b)[\w-]*/g;

/** The kit-internal class names a source text writes. */
function kitInternalClasses(source: string): string[] {
  return [...source.matchAll(KIT_INTERNAL_CLASS)].map((m) => m[0]);
}

function kitInternalsOutsideKit(): string[] {
  return [...sourceFiles('src/app'), ...sourceFiles('src/features')].flatMap((file) =>
    kitInternalClasses(readFileSync(join(ROOT, file), 'utf8')).map((name) => `${file} → ${name}`),
  );
}

describe('house rules', () => {
  it('the server imports from src/ only domain and gen', () => {
    expect(show(edges('server').filter(rules.serverTakesOnlyDomainAndGen))).toEqual([]);
  });

  it('a feature never imports another feature', () => {
    expect(show(edges('src').filter(rules.featureImportsNoOtherFeature))).toEqual([]);
  });

  it('components never import the PowerSync SDK directly', () => {
    expect(show(edges('src').filter(rules.componentsImportNoSdk))).toEqual([]);
  });

  it('src/domain imports nothing but itself (no DOM code, no Node, no other src folder)', () => {
    expect(show(edges('src/domain').filter(rules.domainIsPure))).toEqual([]);
  });

  it('an entity imports no feature, kit or shell module', () => {
    expect(show(edges('src/entities').filter(rules.entityImportsNoFeatureUiOrApp))).toEqual([]);
  });

  it('src/data imports no entity and no feature', () => {
    expect(show(edges('src/data').filter(rules.dataImportsNoEntityOrFeature))).toEqual([]);
  });

  it('a feature takes its row types from src/entities, never from the schema module', () => {
    expect(show(edges('src/features').filter(rules.featureTakesRowTypesFromEntities))).toEqual([]);
  });

  it('the kit (src/ui) imports nothing from the app shell, a feature or an entity', () => {
    expect(show(edges('src/ui').filter(rules.kitImportsNoAppOrFeature))).toEqual([]);
  });

  it('no file of the shell or a feature writes a class name of the kit\'s internals', () => {
    expect(kitInternalsOutsideKit()).toEqual([]);
  });

  it("our sync engine's replicating and serving halves import nothing of each other", () => {
    expect(show(edges('server/sync').filter(rules.syncHalvesApart))).toEqual([]);
  });

  it("no RPC handler or access module writes SQL: its area's data module does", () => {
    expect(handlersWithSql()).toEqual([]);
  });

  it('each rule catches the violation it names', () => {
    const edge = (file: string, specifier: string): Edge => ({
      file,
      specifier,
      target: specifier.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(file), specifier)).split(sep).join('/') : null,
    });
    expect(rules.serverTakesOnlyDomainAndGen(edge('server/rpc/x.ts', '../../src/data/schema.js'))).toBe(true);
    expect(rules.serverTakesOnlyDomainAndGen(edge('server/rpc/x.ts', '../../src/domain/ids.js'))).toBe(false);
    expect(rules.featureImportsNoOtherFeature(edge('src/features/vehicles/A.tsx', '../tags/B.js'))).toBe(true);
    expect(rules.featureImportsNoOtherFeature(edge('src/features/vehicles/A.tsx', './B.js'))).toBe(false);
    expect(rules.featureImportsNoOtherFeature(edge('src/features/vehicles/A.tsx', '../../ui/Button.js'))).toBe(false);
    expect(rules.componentsImportNoSdk(edge('src/features/vehicles/A.tsx', '@powersync/web'))).toBe(true);
    expect(rules.componentsImportNoSdk(edge('src/data/database.ts', '@powersync/web'))).toBe(false);
    expect(rules.domainIsPure(edge('src/domain/a.ts', 'node:crypto'))).toBe(true);
    expect(rules.domainIsPure(edge('src/domain/a.ts', '../data/schema.js'))).toBe(true);
    expect(rules.domainIsPure(edge('src/domain/a.ts', './ids.js'))).toBe(false);
    expect(rules.entityImportsNoFeatureUiOrApp(edge('src/entities/vehicle/a.ts', '../../features/vehicles/b.js'))).toBe(true);
    expect(rules.entityImportsNoFeatureUiOrApp(edge('src/entities/vehicle/a.ts', '../../ui/Button.js'))).toBe(true);
    expect(rules.entityImportsNoFeatureUiOrApp(edge('src/entities/vehicle/a.ts', '../../app/routes.js'))).toBe(true);
    expect(rules.entityImportsNoFeatureUiOrApp(edge('src/entities/vehicle/a.ts', '../../data/useQuery.js'))).toBe(false);
    expect(rules.entityImportsNoFeatureUiOrApp(edge('src/entities/vehicle/a.ts', '../person/label.js'))).toBe(false);
    expect(rules.dataImportsNoEntityOrFeature(edge('src/data/a.ts', '../entities/vehicle/b.js'))).toBe(true);
    expect(rules.dataImportsNoEntityOrFeature(edge('src/data/a.ts', '../features/vehicles/b.js'))).toBe(true);
    expect(rules.dataImportsNoEntityOrFeature(edge('src/data/a.ts', '../domain/ids.js'))).toBe(false);
    expect(rules.featureTakesRowTypesFromEntities(edge('src/features/vehicles/data/a.ts', '../../../data/schema.js'))).toBe(true);
    expect(rules.featureTakesRowTypesFromEntities(edge('src/features/vehicles/data/a.ts', '../../../entities/rows.js'))).toBe(false);
    expect(rules.featureTakesRowTypesFromEntities(edge('src/features/vehicles/data/a.ts', '../../../data/useQuery.js'))).toBe(false);
    expect(rules.kitImportsNoAppOrFeature(edge('src/ui/Button.tsx', '../app/router.js'))).toBe(true);
    expect(rules.kitImportsNoAppOrFeature(edge('src/ui/VehicleCard.tsx', '../entities/vehicle/queries.js'))).toBe(true);
    expect(rules.kitImportsNoAppOrFeature(edge('src/ui/qr/QrImage.tsx', '../../features/tags/x.js'))).toBe(true);
    expect(rules.kitImportsNoAppOrFeature(edge('src/ui/Button.tsx', './buttonClass.js'))).toBe(false);
    expect(rules.kitImportsNoAppOrFeature(edge('src/ui/NameChip.tsx', '../domain/textLinks.js'))).toBe(false);
    expect(rules.kitImportsNoAppOrFeature(edge('src/app/App.tsx', '../features/home/x.js'))).toBe(false);
    expect(rules.syncHalvesApart(edge('server/sync/serve/connection.ts', '../replicate/batch.js'))).toBe(true);
    expect(rules.syncHalvesApart(edge('server/sync/replicate/replicator.ts', '../serve/lines.js'))).toBe(true);
    expect(rules.syncHalvesApart(edge('server/sync/serve/connection.ts', '../rules.js'))).toBe(false);
    expect(rules.syncHalvesApart(edge('server/sync/engine.ts', './serve/routes.js'))).toBe(false);
    expect(writesSql("await db.query('select id from vehicles where id = $1', [id]);")).toBe(true);
    expect(writesSql('const rows = await tx.query<Row>(sql);')).toBe(true);
    expect(writesSql('`insert into companies (id) values ($1)`')).toBe(true);
    expect(writesSql('// select the one from the list, then update it\nconst x = pick(list);')).toBe(false);
    expect(writesSql('/** Deletes from the queue what was sent. */\nqueue.drop(sent);')).toBe(false);
    expect(kitInternalClasses('<input className="ui-field__control" />')).toEqual(['ui-field__control']);
    expect(kitInternalClasses('<p className="ui-alert ui-alert--error" role="alert">')).toEqual(['ui-alert', 'ui-alert--error']);
    expect(kitInternalClasses('<label className="ui-check form-check">')).toEqual(['ui-check']);
    expect(kitInternalClasses('<span className="ui-chip">')).toEqual(['ui-chip']);
    expect(kitInternalClasses('<a className="ui-list-item" href="/v/1">')).toEqual(['ui-list-item']);
    expect(kitInternalClasses('<span className="ui-list-item__title request-list__title">')).toEqual(['ui-list-item__title']);
    expect(kitInternalClasses('<Car className="ui-list-item__icon" size={20} />')).toEqual(['ui-list-item__icon']);
    expect(kitInternalClasses('<ul className="ui-list submenu-list">')).toEqual([]);
    expect(kitInternalClasses('<div className="ui-button-row ui-muted">')).toEqual([]);
    expect(importsOf(`import a from './a.js';\nexport { b } from "./b.js";\nconst c = import('./c.js');\nimport './d.css';`)).toEqual(
      ['./a.js', './b.js', './d.css', './c.js'],
    );
  });
});
