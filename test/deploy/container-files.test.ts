import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { loadConfig, loadSchemaToolConfig, SETTING_NAMES } from '#server/config.js';
import {
  composeVariables,
  loadCompose,
  MissingVariablesError,
  readComposeYaml,
  serviceEnvironment,
  type ComposeFile,
  type ComposeService,
} from './compose-file.js';
import {
  execForm,
  finalStage,
  healthcheck,
  instructions,
  readDockerfile,
  stageEnvironment,
} from './dockerfile.js';
import { readHaproxyConfig, sectionsOf, servers, timeoutMs } from './haproxy-config.js';
import { dockerignore } from './runtime-tree.js';

/**
 * The container files (Dockerfile, .dockerignore, compose.yaml, deploy/) read the way Docker,
 * Compose and HAProxy read them. Docker cannot run on the development machines: the image is never
 * built here. What the image runs is started for real in production-image.test.ts.
 */

/** Values for what compose.yaml requires, as an operator's .env file would give them. */
const OPERATOR_ENV = {
  PUBLIC_URL: 'https://vote.example.com',
  PHONE_HASH_KEY: 'a'.repeat(64),
  POSTGRES_PASSWORD: 'b'.repeat(32),
  PALMARES_OWNER_PASSWORD: 'c'.repeat(32),
  PALMARES_APP_PASSWORD: 'd'.repeat(32),
};
const REQUIRED = Object.keys(OPERATOR_ENV).sort();

const stages = readDockerfile();
const runtime = finalStage(stages);
const imageEnv = stageEnvironment(runtime);
const compose = loadCompose(OPERATOR_ENV);
const services = compose.services;
const appImage = services.migrate?.image;
/** The services that run the image's own command: the app instances. */
const appServices = Object.entries(services)
  .filter(([, service]) => service.image === appImage && service.command === undefined)
  .map(([name]) => name);
const settings = new Set(SETTING_NAMES);

function service(name: string): ComposeService {
  const found = services[name];
  if (!found) throw new Error(`compose.yaml has no service ${name}`);
  return found;
}

function networksOf(entry: ComposeService): string[] {
  const networks = entry.networks ?? [];
  return Array.isArray(networks) ? networks : Object.keys(networks);
}

describe('Dockerfile', () => {
  it('builds and runs on the Node the package asks for, in a slim image', () => {
    const engines = (
      JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }
    ).engines.node;
    const [, wantedMajor] = /^>=(\d+)/.exec(engines) ?? [];
    expect(stages.map((stage) => stage.image)).toEqual([
      `node:${wantedMajor}-bookworm-slim`,
      `node:${wantedMajor}-bookworm-slim`,
    ]);
    expect(stages.map((stage) => stage.name)).toEqual(['build', 'runtime']);
  });

  it('builds with every dependency, and runs with the production ones and the build output only', () => {
    const build = stages[0]!;
    expect(instructions(build, 'RUN')).toEqual(['npm ci --no-audit --no-fund', 'npm run build']);
    expect(instructions(runtime, 'RUN')).toContain(
      'npm ci --omit=dev --no-audit --no-fund && npm cache clean --force',
    );
    // No sources, no tests: the package files, the bundles and the migrations they apply.
    expect(instructions(runtime, 'COPY')).toEqual([
      'package.json package-lock.json ./',
      '--from=build /app/dist ./dist',
      '--from=build /app/migrations ./migrations',
    ]);
  });

  it('runs in production, on every interface, as a user other than root', () => {
    expect(imageEnv).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0' });
    expect(Object.keys(imageEnv).every((name) => settings.has(name))).toBe(true);
    const [user] = instructions(runtime, 'USER');
    expect(user).toBeTruthy();
    expect(['root', '0']).not.toContain(user!.split(':')[0]);
    expect(instructions(runtime, 'EXPOSE')).toEqual([imageEnv.PORT]);
  });

  it('starts the server with node itself and checks health on /readyz with node too', () => {
    const [cmd] = instructions(runtime, 'CMD');
    const command = execForm(cmd!);
    expect(command[0]).toBe('node');
    expect(command.at(-1)).toBe('dist/server/main.js');
    expect(command.join(' ')).not.toMatch(/\b(npm|tsx)\b/);

    const check = healthcheck(runtime);
    expect(check.command.slice(0, 2)).toEqual(['node', '-e']);
    expect(check.command[2]).toContain(
      "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/readyz'",
    );
    expect(Object.keys(check.options).sort()).toEqual([
      'interval',
      'retries',
      'start-period',
      'timeout',
    ]);
  });
});

describe('.dockerignore', () => {
  const ignored = dockerignore('.');

  it('sends the build what it needs', () => {
    for (const file of [
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'vite.config.ts',
      'scripts/build-server.ts',
      'src/server/main.ts',
      'src/client/index.html',
      'public/favicon.svg',
      'migrations/meta/_journal.json',
    ]) {
      expect(ignored(file), file).toBe(false);
      expect(existsSync(file), file).toBe(true);
    }
  });

  it('never sends local state, secrets, build output, tests or deploy files', () => {
    for (const file of [
      '.git',
      'node_modules/fastify/package.json',
      'src/client/node_modules/x',
      'dist/server/main.js',
      'data/pglite/PG_VERSION',
      '.env',
      '.env.production',
      'npm-debug.log',
      'test/support/call-app.ts',
      'e2e/admin.spec.ts',
      'src/server/config-production.test.ts',
      'src/client/app.test.tsx',
      'compose.yaml',
      'deploy/haproxy.cfg',
    ]) {
      expect(ignored(file), file).toBe(true);
    }
  });
});

describe('compose.yaml', () => {
  const schema = JSON.parse(readFileSync('test/deploy/compose-spec.json', 'utf8')) as object;
  // The schema names its draft by an address Ajv does not know; its keywords are draft-07's.
  // Its union types are deliberate (a number or a string with a unit): strictTypes would only warn.
  const validate = new Ajv({ allErrors: true, validateSchema: false, strictTypes: false }).compile(
    schema,
  );
  const errorsOf = (document: unknown) =>
    validate(document) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);

  it('follows the Compose Specification, as written and once interpolated', () => {
    expect(errorsOf(readComposeYaml())).toEqual([]);
    expect(errorsOf(compose)).toEqual([]);
  });

  it('is refused by the same check when it is not valid', () => {
    const broken = structuredClone(compose) as ComposeFile & {
      services: Record<string, Record<string, unknown>>;
    };
    broken.services.app1!.depends_on = { migrate: { condition: 'whenever' } };
    broken.services.app2!.enviroment = { PORT: '5000' };
    expect(errorsOf(broken).length).toBeGreaterThan(0);
  });

  it('requires the secrets and the public address, naming each one missing', () => {
    expect(composeVariables().required).toEqual(REQUIRED);
    expect(() => loadCompose({})).toThrow(MissingVariablesError);
    try {
      loadCompose({});
    } catch (error) {
      expect((error as MissingVariablesError).names).toEqual(REQUIRED);
    }
    // A secret is given or left unset, never defaulted to a value anyone can read here.
    const text = readFileSync('compose.yaml', 'utf8');
    expect(text.match(/\$\{[A-Z_]*(PASSWORD|KEY|SECRET|TOKEN)[A-Z_]*:?-[^}]+\}/g)).toBeNull();
  });

  it('runs two app instances of the image, each set with names config.ts reads', () => {
    expect(appServices).toEqual(['app1', 'app2']);
    expect(service('app1')).toEqual(service('app2'));
    for (const name of appServices) {
      const unknown = Object.keys(serviceEnvironment(service(name))).filter(
        (n) => !settings.has(n),
      );
      expect(unknown, name).toEqual([]);
    }
  });

  it('sets the app instances for production behind HAProxy, with Redis and the app role', () => {
    const env = { ...imageEnv, ...serviceEnvironment(service('app1')) };
    const config = loadConfig(env);
    expect(config.isProduction).toBe(true);
    expect(config.host).toBe('0.0.0.0');
    expect(String(config.port)).toBe(instructions(runtime, 'EXPOSE')[0]);
    expect(config.publicUrl).toBe(OPERATOR_ENV.PUBLIC_URL);
    expect(config.phoneHashKey).toBe(OPERATOR_ENV.PHONE_HASH_KEY);
    expect(config.redisUrl).toBe('redis://redis:6379');
    expect(config.migrateOnStart).toBe(false);
    expect(config.database.kind).toBe('postgres');
    const url = new URL(config.database.kind === 'postgres' ? config.database.url : '');
    expect([url.username, url.password, url.hostname, url.pathname]).toEqual([
      'palmares_app',
      OPERATOR_ENV.PALMARES_APP_PASSWORD,
      'postgres',
      '/palmares',
    ]);
    // Only HAProxy's address may speak for the client.
    const proxy = service('haproxy').networks as Record<string, { ipv4_address?: string }>;
    expect(config.trustProxy).toEqual([proxy.edge?.ipv4_address]);
  });

  it('migrates as the owner in a one-shot step the app instances wait for', () => {
    const migrate = service('migrate');
    expect(migrate.command).toEqual([
      'sh',
      '-c',
      'node dist/server/migrate-cli.js && node dist/server/grant-app-role-cli.js "$APP_ROLE"',
    ]);
    expect(migrate.restart).toBe('no');
    expect(migrate.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    const env = serviceEnvironment(migrate);
    expect(Object.keys(env).filter((n) => !settings.has(n))).toEqual(['APP_ROLE']);
    expect(env).not.toHaveProperty('PHONE_HASH_KEY');
    const config = loadSchemaToolConfig({ ...imageEnv, ...env });
    expect(
      config.database.kind === 'postgres' && new URL(config.database.migrationUrl).username,
    ).toBe('palmares_owner');
    expect(config.database.kind === 'postgres' && new URL(config.database.url).username).toBe(
      env.APP_ROLE,
    );
    for (const name of appServices) {
      expect(service(name).depends_on).toEqual({
        migrate: { condition: 'service_completed_successfully' },
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
    }
  });

  it('keeps PostgreSQL 16 and Redis 7 in named volumes, with health checks, out of reach', () => {
    const postgres = service('postgres');
    const redis = service('redis');
    expect(postgres.image).toMatch(/^postgres:16(-|$)/);
    expect(redis.image).toMatch(/^redis:7(-|$)/);
    expect(postgres.volumes).toContain('postgres-data:/var/lib/postgresql/data');
    expect(redis.volumes).toContain('redis-data:/data');
    expect(Object.keys(compose.volumes ?? {}).sort()).toEqual(['postgres-data', 'redis-data']);
    expect(postgres.healthcheck?.test).toContain('pg_isready');
    expect(redis.healthcheck?.test?.join(' ')).toBe('CMD redis-cli ping');
    // The roles the URLs name get the passwords the URLs carry, on the first start.
    expect(postgres.environment).toMatchObject({
      PALMARES_OWNER_PASSWORD: OPERATOR_ENV.PALMARES_OWNER_PASSWORD,
      PALMARES_APP_PASSWORD: OPERATOR_ENV.PALMARES_APP_PASSWORD,
    });
    // Only HAProxy is published; the databases sit on a network with no way out.
    for (const [name, entry] of Object.entries(services)) {
      if (name !== 'haproxy') expect(entry.ports, name).toBeUndefined();
    }
    expect(compose.networks?.data?.internal).toBe(true);
    expect(networksOf(postgres)).toEqual(['data']);
    expect(networksOf(redis)).toEqual(['data']);
  });

  it('mounts files that exist, the init script executable', () => {
    for (const entry of Object.values(services)) {
      for (const volume of entry.volumes ?? []) {
        const [source] = volume.split(':');
        if (source!.startsWith('./')) expect(existsSync(source!), source).toBe(true);
      }
    }
    expect(() => accessSync('deploy/postgres-init.sh', constants.X_OK)).not.toThrow();
  });
});

describe('deploy/haproxy.cfg', () => {
  const sections = readHaproxyConfig();
  const [defaults] = sectionsOf(sections, 'defaults');
  const [frontend] = sectionsOf(sections, 'frontend');
  const backends = sectionsOf(sections, 'backend');
  const appPort = Number(serviceEnvironment(service('app1')).PORT);
  const heartbeatMs = loadConfig({}).live.heartbeatMs;

  it('balances every backend round robin over the app services, on /readyz', () => {
    expect(backends.length).toBeGreaterThan(0);
    for (const backend of backends) {
      expect(backend.directives, backend.name).toEqual(
        expect.arrayContaining([
          'balance roundrobin',
          'option httpchk',
          'http-check send meth GET uri /readyz',
          'http-check expect status 200',
        ]),
      );
      expect(servers(backend), backend.name).toEqual(
        appServices.map((name) => ({ name, host: name, port: appPort })),
      );
    }
    expect(defaults!.directives.some((d) => /^default-server check\b/.test(d))).toBe(true);
  });

  it("passes the client's address and scheme on", () => {
    expect(defaults!.directives).toContain('option forwardfor');
    expect(frontend!.directives).toEqual(
      expect.arrayContaining([
        'http-request set-header X-Forwarded-Proto https if { ssl_fc }',
        'http-request set-header X-Forwarded-Proto http if !{ ssl_fc }',
      ]),
    );
  });

  it('holds the live streams open across several heartbeats', () => {
    const route = frontend!.directives.find(
      (d) => d.startsWith('use_backend') && d.includes('/api/live'),
    );
    expect(route).toMatch(/\{ path \/api\/live \/api\/admin\/live \}/);
    const live = backends.find((backend) => backend.name === route!.split(' ')[1]);
    expect(timeoutMs(live!, 'server')).toBeGreaterThanOrEqual(4 * heartbeatMs);
    expect(timeoutMs(defaults!, 'client')).toBeGreaterThanOrEqual(2 * heartbeatMs);
    expect(timeoutMs(defaults!, 'server')).toBeGreaterThanOrEqual(2 * heartbeatMs);
  });

  it('waits the minutes a large ledger takes to publish, for that route alone', () => {
    const route = frontend!.directives.find(
      (d) => d.startsWith('use_backend') && d.includes('/api/admin/event/publish-results'),
    );
    expect(route).toMatch(/\{ path \/api\/admin\/event\/publish-results \}/);
    const publish = backends.find((backend) => backend.name === route!.split(' ')[1]);
    expect(timeoutMs(publish!, 'server')).toBeGreaterThanOrEqual(5 * 60_000);
    expect(timeoutMs(defaults!, 'server')).toBeLessThan(5 * 60_000);
  });

  it('is what the haproxy service mounts, published on the port it binds', () => {
    const haproxy = service('haproxy');
    expect(haproxy.image).toMatch(/^haproxy:\d/);
    expect(haproxy.volumes).toContain('./deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
    const bind = frontend!.directives.find((d) => d.startsWith('bind '));
    expect(haproxy.ports).toEqual([`8080:${bind!.split(':').at(-1)}`]);
  });
});
