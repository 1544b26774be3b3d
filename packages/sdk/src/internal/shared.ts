// What the lazily loaded modules use of the first load (the argument checks, the error classes they throw or test,
// isPlainObject, the host check), handed to them at run time, never imported: a module that both the first load and
// a lazily loaded chunk import is put by the page's bundler (esbuild, Rolldown) in a chunk of its own, which the first load then
// imports. Until 2026-12-01 these were such a chunk: one file and one request more in every page's first load, and
// 0.3 kB gzip more for the SDK core, most of it the names the two files exported to each other. The namespaces find
// them in their context (`ctx.shared`), the failure path and the background refresh in the arguments the core calls
// them with. Type-only imports of errors.ts and validation.ts are fine: nothing of them is left in the bundle.
import {
  APIError,
  APISchemaError,
  CaptchaUnavailableError,
  INVALID_RESPONSE_MESSAGES,
  InvalidResponseError,
  isUnrecoverableError,
  NoSessionError,
} from '../errors';
import { validate } from '../validation';
import { isHost } from './baseUrl';
import { isPlainObject } from './isPlainObject';

export const SHARED = {
  validate,
  isPlainObject,
  isHost,
  isUnrecoverableError,
  APIError,
  APISchemaError,
  CaptchaUnavailableError,
  InvalidResponseError,
  NoSessionError,
  INVALID_RESPONSE_MESSAGES,
};

/** The first load's checks and error classes, as the lazily loaded modules receive them. */
export type Shared = typeof SHARED;
