// infra/compose.yaml and infra/nginx.conf, checked where no Docker engine or nginx runs (CI): the compose
// file, interpolated from .env.example, is valid under the Compose specification's JSON schema; it agrees
// with the Dockerfile, the CLI, .env.example and services/config.ts; and the proxy passes every event
// stream route unbuffered to the api service on the port the servers listen on.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../services/cli.ts';
import { composeValidator, InterpolationError, loadCompose, readEnvFile } from './compose-file.ts';
import { all, type Directive, locationFor, one, parseNginx, seconds } from './nginx-conf.ts';
import { root } from './support.ts';

const infra = join(root, 'infra');
const composeText = readFileSync(join(infra, 'compose.yaml'), 'utf8');
const envExample = readEnvFile(readFileSync(join(infra, '.env.example'), 'utf8'));
const env = { ...envExample.values, POSTGRES_PASSWORD: 'a-password' };

interface Service {
  image?: string;
  build?: { context: string; dockerfile?: string };
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
  container_name?: string;
  restart?: string;
  profiles?: string[];
  volumes?: string[];
  deploy?: { replicas?: number };
}
const compose = loadCompose(composeText, env);
const services = (compose.value as { services: Record<string, Service> }).services;
const APP = ['migrate', 'api', 'worker'];

/** The variables services/config.ts reads: the keys of its EnvironmentSchema. */
const configVariables = (() => {
  const source = readFileSync(join(root, 'services/config.ts'), 'utf8');
  const body = /const EnvironmentSchema = z\.object\(\{([\s\S]*?)\n\}\);/.exec(source)?.[1] ?? '';
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!).sort();
})();

describe('infra/compose.yaml', () => {
  it('is valid under the Compose specification’s schema, interpolated from .env.example', () => {
    expect(composeValidator()(compose.value)).toEqual([]);
  });

  it('is checked for real: a misspelt key or a replica count that is no number is refused', () => {
    const validate = composeValidator();
    const api = services.api as Record<string, unknown>;
    const withApi = (patch: Record<string, unknown>) => ({
      ...(compose.value as object),
      services: { ...services, api: { ...api, ...patch } },
    });

    expect(validate(withApi({ helthcheck: api.healthcheck }))).not.toEqual([]);
    expect(validate(withApi({ deploy: { replicas: 'two' } }))).not.toEqual([]);
    expect(validate(withApi({ stop_grace_period: 'a while' }))).not.toEqual([]);
  });

  it('refuses to start without POSTGRES_PASSWORD, which .env.example leaves empty', () => {
    expect(() => loadCompose(composeText, envExample.values)).toThrow(InterpolationError);
    expect(() => loadCompose(composeText, envExample.values)).toThrow(/POSTGRES_PASSWORD/);
  });

  it('has PostgreSQL 16, Redis 7, KurrentDB behind a profile, migrate, api × API_REPLICAS, worker and the proxy', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['api', 'kurrentdb', 'migrate', 'postgres', 'proxy', 'redis', 'worker'].sort(),
    );
    expect(services.postgres!.image).toMatch(/^postgres:16/);
    expect(services.redis!.image).toMatch(/^redis:7/);
    expect(services.kurrentdb!.image).toMatch(/kurrentdb/);
    expect(services.kurrentdb!.profiles).toEqual(['kurrentdb']);
    expect(services.proxy!.image).toMatch(/^nginx:/);
    expect(services.api!.deploy?.replicas).toBe(Number(envExample.values.API_REPLICAS));
  });

  it('lets the API scale: no fixed container name, no host port; the proxy alone publishes one', () => {
    expect(services.api!.container_name).toBeUndefined();
    expect(services.api!.ports).toBeUndefined();
    expect(services.proxy!.ports).toEqual([`${envExample.values.HTTP_PORT}:80`]);
  });

  it('builds every app service from the repository’s root with infra/Dockerfile, which exists with its ignore file', () => {
    for (const name of APP) {
      const build = services[name]!.build!;
      const context = resolve(infra, build.context);
      expect(context).toBe(root);
      expect(existsSync(join(context, build.dockerfile!))).toBe(true);
      expect(existsSync(join(context, `${build.dockerfile!}.dockerignore`))).toBe(true);
    }
  });

  it('runs each app service as a command the CLI has, the servers through tsx', () => {
    const commands = buildProgram().commands.map((c) => c.name());
    for (const name of APP) {
      const [node, importFlag, tsx, cli, command] = services[name]!.command!;
      expect([node, importFlag, tsx, cli]).toEqual(['node', '--import', 'tsx', 'services/cli.ts']);
      expect(commands).toContain(command);
    }
    expect(services.migrate!.command![4]).toBe('migrate');
    expect(services.api!.command![4]).toBe('serve');
    expect(services.worker!.command![4]).toBe('worker');
  });

  it('starts the API and the worker once migrate has exited 0, and migrate once PostgreSQL is healthy', () => {
    expect(services.migrate!.restart).toBe('no');
    for (const name of ['api', 'worker'])
      expect(services[name]!.depends_on?.migrate).toEqual({ condition: 'service_completed_successfully' });
    expect(services.migrate!.depends_on?.postgres).toEqual({ condition: 'service_healthy' });
  });

  it('names only services that exist in depends_on, and waits for health only where there is a healthcheck', () => {
    for (const [name, service] of Object.entries(services))
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(Object.keys(services), `${name} depends on ${dependency}`).toContain(dependency);
        if (condition === 'service_healthy')
          expect(services[dependency]!.healthcheck, `${dependency}'s healthcheck`).toBeDefined();
      }
  });

  it('checks the API’s health at its health route, on the port it listens on', () => {
    const health = readFileSync(join(root, 'services/api/routes/health.ts'), 'utf8');
    const route = /path: '([^']+)'/.exec(health)![1]!;
    const test = services.api!.healthcheck!.test.join(' ');
    expect(test).toContain(`http://127.0.0.1:${services.api!.environment!.PORT}${route}`);
    expect(services.proxy!.healthcheck!.test.join(' ')).toContain(route);
  });

  it('gives the app services exactly the variables services/config.ts reads, each documented in .env.example', () => {
    expect(configVariables.length).toBeGreaterThan(5);
    for (const name of APP) expect(Object.keys(services[name]!.environment!).sort()).toEqual(configVariables);
    for (const variable of configVariables) expect([...envExample.names]).toContain(variable);
  });

  it('reads only variables that .env.example documents', () => {
    const undocumented = [...compose.variables].filter((v) => !envExample.names.has(v));
    expect(undocumented).toEqual([]);
  });

  it('mounts infra/nginx.conf, which exists, as the proxy’s configuration', () => {
    const mount = services.proxy!.volumes!.find((v) => v.endsWith(':/etc/nginx/nginx.conf:ro'))!;
    expect(existsSync(resolve(infra, mount.split(':')[0]!))).toBe(true);
  });
});

describe('infra/Dockerfile', () => {
  const dockerfile = readFileSync(join(infra, 'Dockerfile'), 'utf8');

  it('starts from a slim Node 20 or 24 image and installs with npm ci, which builds the web app', () => {
    const images = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]!);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toMatch(/^node:(20|24)-slim$/);
    expect(dockerfile).toMatch(/^RUN npm ci\b/m);
    const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
    expect(scripts.postinstall).toContain('web-admin/build.ts');
  });

  it('leaves out of the image what npm ci and the build make again, and the local secrets', () => {
    const ignored = readFileSync(join(infra, 'Dockerfile.dockerignore'), 'utf8').split('\n');
    for (const entry of ['node_modules', 'data', 'web-admin/dist', 'infra/.env', '.git'])
      expect(ignored).toContain(entry);
  });
});

/** Paths of the API's routes that answer with an event stream, as written in services/api/routes. */
function eventStreamPaths(): string[] {
  const dir = join(root, 'services/api/routes');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('defineRoute('))
    .filter((chunk) => chunk.includes("contentType: 'text/event-stream'"))
    .map((chunk) => /path: '([^']+)'/.exec(chunk)?.[1])
    .filter((path): path is string => path !== undefined);
}

describe('infra/nginx.conf', () => {
  const conf = parseNginx(readFileSync(join(infra, 'nginx.conf'), 'utf8'));
  const http = one(conf, 'http')?.block;
  const upstream = all(http, 'upstream').find((u) => u.args[0] === 'api')?.block;
  const server = one(http, 'server')?.block ?? [];
  const value = (block: readonly Directive[] | undefined, name: string) => one(block, name)?.args.join(' ');

  it('sends every request to the upstream of the api service, on the port the servers listen on, kept alive', () => {
    expect(value(upstream, 'server')).toMatch(new RegExp(`^api:${services.api!.environment!.PORT}( |$)`));
    expect(value(upstream, 'keepalive')).toMatch(/^\d+$/);
    if (value(upstream, 'server')!.includes('resolve')) {
      expect(one(upstream, 'zone')).toBeDefined();
      expect(one(http, 'resolver')).toBeDefined();
    }
    expect(all(server, 'location').length).toBeGreaterThan(0);
    for (const location of all(server, 'location'))
      expect(value(location.block, 'proxy_pass')).toBe('http://api');
    expect(value(server, 'proxy_http_version')).toBe('1.1');
    expect(all(server, 'proxy_set_header').map((d) => d.args)).toContainEqual(['Connection', '']);
  });

  it.each(eventStreamPaths().map((path) => [path]))(
    'passes the event stream %s unbuffered, for far longer than a heartbeat',
    (path) => {
      const sample = path.replace(/:(\w+)/g, 'x-$1');
      const location = locationFor(server, sample);

      expect(location, `no location for ${sample}`).toBeDefined();
      expect(value(location!.block, 'proxy_buffering')).toBe('off');
      expect(seconds(value(location!.block, 'proxy_read_timeout') ?? '60')).toBeGreaterThanOrEqual(600);
    },
  );

  it('finds the event stream routes it checks (the board’s at least)', () => {
    expect(eventStreamPaths()).toContain('/api/tournaments/:tournamentId/board/stream');
  });

  it('buffers the other routes as usual', () => {
    const location = locationFor(server, '/api/tournaments/x/standings');
    expect(value(location?.block, 'proxy_buffering')).toBeUndefined();
    expect(location!.args).toEqual(['/']);
  });
});
