import { IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import type { ApiMessage, ErrorEnvelope } from '../envelope';
import { MeSchema } from './account.schema';
import { Nested, TextMap } from './schema-fields';

export class ApiMessageSchema implements ApiMessage {
  @IsOptional() @IsString() title?: string;
  @IsOptional() @IsString() description?: string;
}

/** Spec §7: every success carries status, status_code and msg; each operation adds its `data`, login and sync add `me`. */
export class SuccessEnvelopeSchema {
  @IsIn(['success']) status!: 'success';
  @IsInt() status_code!: number;
  @IsOptional() @Nested(() => ApiMessageSchema) msg?: ApiMessageSchema;
  @IsOptional() @Nested(() => MeSchema) me?: MeSchema;
}

/** Spec §8: every error answer. */
export class ErrorEnvelopeSchema implements ErrorEnvelope {
  @IsIn(['error']) status!: 'error';
  @IsInt() status_code!: number;
  @Nested(() => ApiMessageSchema) msg!: ApiMessageSchema;
  /** Per-field messages of form calls, keyed by request field. */
  @IsOptional() @TextMap() errors?: Record<string, string>;
  /** A machine-readable reason where the client branches on it (upload errors). */
  @IsOptional() @IsString() error_code?: string;
}
