// The request pipeline's entry: one logical call, from checked options to a typed value or a
// typed error. Input is validated by the resource before this runs, so a bad call never reaches
// the network; internal/call.ts holds the call itself, ky runs its attempts.
import type { z } from 'zod/mini';
import type { WithResponse } from '../core/api-promise.js';
import { Call, type RequestSpec } from './call.js';
import { checkRequestOptions, type RequestOptions } from '../core/options.js';
import type { Transport } from './transport.js';

export type { RequestSpec };

/** What every resource holds: the client's transport, from which each call starts. */
export interface PipelineConfig {
  transport: Transport;
}

/** Sends one logical call with the contract's retry policy. */
export function send<S extends z.ZodMiniType>(
  config: PipelineConfig,
  spec: RequestSpec<S>,
  options?: RequestOptions | null,
): Promise<WithResponse<z.output<S>>> {
  const opts = options ?? {};
  checkRequestOptions(opts);
  const transport = config.transport;
  const area = transport.get(spec.area) ?? transport.open(spec.area);
  return new Call(transport.client, area, spec, opts).run(spec.response);
}
