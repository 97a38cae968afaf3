// Fastify's own schema compilers (ajv for requests, fast-json-stringify for answers), each route's
// schema compiled the first time a request needs it instead of every route's at the start. The
// start compiled about 500 schemas, most of which a test file (and a shop's day) never uses:
// about 1 s of each server start and of each server test file (issue 43, CI time). The rules
// are the same compilers with the same options; a schema that cannot compile fails its first
// request, which the route tests (hostile input, role walk: every route) make.
import ValidatorSelector from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type {
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyServerOptions,
} from 'fastify';

// What Fastify does with a factory (its own types of the two packages do not say it): called
// with the shared schemas and the server's options, it returns the route schemas' compiler.
type Factory<Compiler> = (externalSchemas: unknown, options: unknown) => Compiler;
type Validate = ReturnType<FastifySchemaCompiler<unknown>>;
type Serialize = ReturnType<FastifySerializerCompiler<unknown>>;

const eagerValidator = ValidatorSelector() as unknown as Factory<FastifySchemaCompiler<unknown>>;
const eagerSerializer = SerializerSelector() as unknown as Factory<
  FastifySerializerCompiler<unknown>
>;

const buildValidator: Factory<FastifySchemaCompiler<unknown>> = (externalSchemas, options) => {
  const compile = eagerValidator(externalSchemas, options);
  return (route) => {
    let compiled: Validate | undefined;
    // Fastify reads the failed check's `errors` from the function it was given.
    const validate: Validate = (data: unknown) => {
      compiled ??= compile(route);
      const result = compiled(data);
      validate.errors = compiled.errors;
      return result;
    };
    return validate;
  };
};

const buildSerializer: Factory<FastifySerializerCompiler<unknown>> = (externalSchemas, options) => {
  const compile = eagerSerializer(externalSchemas, options);
  return (route) => {
    let compiled: Serialize | undefined;
    return (data: unknown) => {
      compiled ??= compile(route);
      return compiled(data);
    };
  };
};

/** Fastify's `schemaController` option: the default compilers, each schema on first use. */
export const lazySchemas = {
  compilersFactory: { buildValidator, buildSerializer },
} as unknown as NonNullable<FastifyServerOptions['schemaController']>;
