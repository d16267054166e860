/**
 * Checks REST answers against the OpenAPI document (docs/api.md#openapi-and-the-api-reference): the
 * operation of the
 * request's method and path must document the answer's status, its Content-Type must be
 * one the document gives that status, a JSON body must validate against that status's
 * schema (ajv, JSON Schema 2020-12, with formats), and the headers the document marks
 * required (X-Total-Count on lists, Retry-After on 429) must be there. A drift between
 * the server and its document fails the test that made the request.
 *
 * `withResponseValidation(app)` wraps `app.inject` so that every answer of a test file is
 * checked; `responseProblems` is the check itself, for feeding it answers by hand.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenApiDocument } from '@gatehouse/api';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

import { apiDocument } from '../../src/app';

/** What the check reads of an answer (a light-my-request response has all of it). */
export interface AnswerToCheck {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The body as text; undefined when it was not read (a stream). */
  body?: string;
}

interface ResponseObject {
  description: string;
  headers?: Record<string, { $ref?: string; required?: boolean }>;
  content?: Record<string, { schema?: unknown }>;
}

/** A validator of answers against one document (compiled schemas are cached per operation and status). */
export class OpenApiResponseValidator {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly templates: Array<{ path: string; pattern: RegExp; literalLength: number }>;

  constructor(private readonly document: OpenApiDocument) {
    // OpenAPI's own keywords (`example`) are not JSON Schema's: not strict about them.
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addSchema(document, 'openapi.json');
    this.templates = Object.keys(document.paths)
      .map((path) => ({
        path,
        pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
        literalLength: path.replace(/\{[^}]+\}/g, '').length,
      }))
      // A literal segment wins over a parameter, as in Fastify's router: /api/visitors/my-invitations before /api/visitors/{id}.
      .sort((a, b) => b.literalLength - a.literalLength);
  }

  /** The documented path template of a request path (query string ignored), or undefined. */
  templateOf(url: string, method: string): string | undefined {
    const path = url.split('?')[0] ?? url;
    return this.templates.find((template) => template.pattern.test(path) && this.document.paths[template.path]?.[method.toLowerCase()])?.path;
  }

  private resolve<T>(object: T | { $ref: string }): { value: T; pointer: string | undefined } {
    if (object && typeof object === 'object' && '$ref' in object && typeof object.$ref === 'string') {
      const pointer = object.$ref.slice(1);
      const value = pointer
        .split('/')
        .slice(1)
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')], this.document) as T;
      return { value, pointer };
    }
    return { value: object as T, pointer: undefined };
  }

  private validatorFor(pointer: string): ValidateFunction {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi.json#${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate;
  }

  /**
   * What is wrong with `answer` to `method url` by the document; empty when nothing is.
   * Paths outside /api (the web app, /trpc) are not the REST API's and are not checked;
   * an /api path the document does not have may only be answered 404 in the envelope.
   */
  problems(method: string, url: string, answer: AnswerToCheck): string[] {
    const path = url.split('?')[0] ?? url;
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) return [];
    const template = this.templateOf(url, method);
    const where = `${method} ${url} → ${answer.statusCode}`;
    let response: ResponseObject;
    let pointer: string;
    if (!template) {
      if (answer.statusCode !== 404) return [`${where}: not in the OpenAPI document`];
      ({ value: response, pointer: pointer = '' } = this.resolve<ResponseObject>({ $ref: '#/components/responses/NotFound' }));
    } else {
      const operation = this.document.paths[template]![method.toLowerCase()]!;
      const documented = operation.responses[String(answer.statusCode)];
      if (!documented) {
        return [`${where}: status not documented for ${method} ${template} (documented: ${Object.keys(operation.responses).join(', ')})`];
      }
      const resolved = this.resolve<ResponseObject>(documented as ResponseObject);
      response = resolved.value;
      pointer = resolved.pointer ?? `/paths/${template.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}/responses/${answer.statusCode}`;
    }

    const problems: string[] = [];
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      const { value } = this.resolve(header);
      const sent = answer.headers[name.toLowerCase()];
      if (value.required && sent === undefined) problems.push(`${where}: header ${name} missing`);
      if (sent !== undefined && /^(X-Total-Count|Retry-After)$/i.test(name) && !/^\d+$/.test(String(sent))) {
        problems.push(`${where}: header ${name} is not a whole number: ${String(sent)}`);
      }
    }
    const contentType = String(answer.headers['content-type'] ?? '').split(';')[0]!.trim();
    const media = Object.keys(response.content ?? {});
    if (!media.includes(contentType)) {
      problems.push(`${where}: Content-Type ${contentType || '(none)'} not documented (${media.join(', ')})`);
      return problems;
    }
    if (contentType !== 'application/json' || answer.body === undefined) return problems;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return [...problems, `${where}: the body is not JSON`];
    }
    const validate = this.validatorFor(`${pointer}/content/application~1json/schema`);
    if (!validate(body)) {
      const errors = (validate.errors ?? []).slice(0, 5).map((error) => `${error.instancePath || '(body)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
      problems.push(`${where}: the body does not match the documented schema: ${errors.join('; ')} — body: ${answer.body.slice(0, 300)}`);
    }
    return problems;
  }
}

let shared: OpenApiResponseValidator | undefined;

/** The validator of the server's own document (built once per test file). */
export function apiResponseValidator(): OpenApiResponseValidator {
  shared ??= new OpenApiResponseValidator(apiDocument());
  return shared;
}

/** Throws when `answer` to `method url` does not match the document (see `OpenApiResponseValidator.problems`). */
export function assertDocumentedAnswer(method: string, url: string, answer: AnswerToCheck): void {
  const problems = apiResponseValidator().problems(method, url, answer);
  if (problems.length > 0) throw new Error(`The answer drifts from the OpenAPI document:\n${problems.join('\n')}`);
}

/**
 * Wraps `app.inject` (the options form) so that every answer is checked against the
 * document before the test sees it; a drift throws, failing the test. Answers read as a
 * stream (`payloadAsStream`) are checked for status, headers and Content-Type only.
 */
export function withResponseValidation<App extends FastifyInstance>(app: App): App {
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const checked = async (options: InjectOptions | string) => {
    const response = await inject(options);
    const method = typeof options === 'string' ? 'GET' : (options.method ?? 'GET');
    const url = typeof options === 'string' ? options : typeof options.url === 'string' ? options.url : (options.path as string | undefined) ?? '/';
    const streamed = typeof options !== 'string' && options.payloadAsStream === true;
    assertDocumentedAnswer(String(method).toUpperCase(), url, {
      statusCode: response.statusCode,
      headers: response.headers,
      ...(streamed ? {} : { body: response.body }),
    });
    return response;
  };
  (app as { inject: unknown }).inject = checked;
  return app;
}
