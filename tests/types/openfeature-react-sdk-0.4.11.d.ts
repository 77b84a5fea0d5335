/**
 * Subset of the public types of @openfeature/react-sdk 0.4.11 (the version
 * `^0.4.10` resolves to, the range pricing4react 2.2.0 depends on) and of the
 * @openfeature/web-sdk 1.x / @openfeature/core types it re-exports. Written
 * from the packages' published `dist/types.d.ts` so that documentation
 * examples using ReactPricingDrivenFeaturesProvider can be type-checked.
 * Only the members the examples need are declared; signatures match the
 * originals.
 */
declare module '@openfeature/react-sdk' {
  import type * as React from 'react';

  // ---- @openfeature/core
  export type PrimitiveValue = null | boolean | string | number;
  export type JsonObject = {[key: string]: JsonValue};
  export type JsonArray = JsonValue[];
  export type JsonValue = PrimitiveValue | JsonObject | JsonArray;
  export type EvaluationContextValue =
    PrimitiveValue | Date | {[key: string]: EvaluationContextValue} | EvaluationContextValue[];
  export type EvaluationContext = {targetingKey?: string} & Record<string, EvaluationContextValue>;
  export type FlagValue = boolean | string | number | JsonValue;
  export type FlagMetadata = Record<string, string | number | boolean>;
  export enum ErrorCode {
    PROVIDER_NOT_READY = 'PROVIDER_NOT_READY',
    PROVIDER_FATAL = 'PROVIDER_FATAL',
    FLAG_NOT_FOUND = 'FLAG_NOT_FOUND',
    PARSE_ERROR = 'PARSE_ERROR',
    TYPE_MISMATCH = 'TYPE_MISMATCH',
    TARGETING_KEY_MISSING = 'TARGETING_KEY_MISSING',
    INVALID_CONTEXT = 'INVALID_CONTEXT',
    GENERAL = 'GENERAL',
  }
  export type ResolutionDetails<U> = {
    value: U;
    variant?: string;
    flagMetadata?: FlagMetadata;
    reason?: string;
    errorCode?: ErrorCode;
    errorMessage?: string;
  };
  export type EvaluationDetails<T extends FlagValue> = {
    flagKey: string;
    flagMetadata: Readonly<FlagMetadata>;
  } & ResolutionDetails<T>;
  export enum ClientProviderStatus {
    NOT_READY = 'NOT_READY',
    READY = 'READY',
    ERROR = 'ERROR',
    STALE = 'STALE',
    FATAL = 'FATAL',
    RECONCILING = 'RECONCILING',
  }
  export {ClientProviderStatus as ProviderStatus};
  export interface Logger {
    error(...args: unknown[]): void;
    warn(...args: unknown[]): void;
    info(...args: unknown[]): void;
    debug(...args: unknown[]): void;
  }
  export interface BaseHook {
    before?(hookContext: unknown, hookHints?: unknown): unknown;
    after?(hookContext: unknown, evaluationDetails: unknown, hookHints?: unknown): unknown;
    error?(hookContext: unknown, error: unknown, hookHints?: unknown): unknown;
    finally?(hookContext: unknown, hookHints?: unknown): unknown;
  }

  // ---- @openfeature/web-sdk
  export type Hook = BaseHook;
  export class OpenFeatureEventEmitter {
    constructor();
  }
  export interface FlagEvaluationOptions {
    hooks?: BaseHook[];
    hookHints?: Record<string, unknown>;
  }
  export interface Provider {
    readonly metadata: {readonly name: string} & Readonly<Record<string, string>>;
    readonly runsOn?: 'server' | 'client';
    readonly status?: ClientProviderStatus;
    readonly hooks?: Hook[];
    events?: OpenFeatureEventEmitter;
    onClose?(): Promise<void>;
    initialize?(context?: EvaluationContext): Promise<void>;
    onContextChange?(oldContext: EvaluationContext, newContext: EvaluationContext): Promise<void> | void;
    resolveBooleanEvaluation(
      flagKey: string,
      defaultValue: boolean,
      context: EvaluationContext,
      logger: Logger,
    ): ResolutionDetails<boolean>;
    resolveStringEvaluation(
      flagKey: string,
      defaultValue: string,
      context: EvaluationContext,
      logger: Logger,
    ): ResolutionDetails<string>;
    resolveNumberEvaluation(
      flagKey: string,
      defaultValue: number,
      context: EvaluationContext,
      logger: Logger,
    ): ResolutionDetails<number>;
    resolveObjectEvaluation<T extends JsonValue>(
      flagKey: string,
      defaultValue: T,
      context: EvaluationContext,
      logger: Logger,
    ): ResolutionDetails<T>;
  }
  export interface Client {
    readonly providerStatus: ClientProviderStatus;
    getBooleanValue(flagKey: string, defaultValue: boolean, options?: FlagEvaluationOptions): boolean;
    getBooleanDetails(
      flagKey: string,
      defaultValue: boolean,
      options?: FlagEvaluationOptions,
    ): EvaluationDetails<boolean>;
    getStringValue(flagKey: string, defaultValue: string, options?: FlagEvaluationOptions): string;
    getNumberValue(flagKey: string, defaultValue: number, options?: FlagEvaluationOptions): number;
    getObjectValue<T extends JsonValue = JsonValue>(
      flagKey: string,
      defaultValue: T,
      options?: FlagEvaluationOptions,
    ): T;
  }
  export class OpenFeatureAPI {
    private constructor();
    static getInstance(): OpenFeatureAPI;
    setProviderAndWait(provider: Provider): Promise<void>;
    setProviderAndWait(provider: Provider, context: EvaluationContext): Promise<void>;
    setProviderAndWait(domain: string, provider: Provider): Promise<void>;
    setProviderAndWait(domain: string, provider: Provider, context: EvaluationContext): Promise<void>;
    setProvider(provider: Provider): this;
    setProvider(provider: Provider, context: EvaluationContext): this;
    setProvider(domain: string, provider: Provider): this;
    setProvider(domain: string, provider: Provider, context: EvaluationContext): this;
    setContext(context: EvaluationContext): Promise<void>;
    setContext(domain: string, context: EvaluationContext): Promise<void>;
    getContext(domain?: string): EvaluationContext;
    clearContext(): Promise<void>;
    getClient(domain?: string, version?: string): Client;
    clearProviders(): Promise<void>;
  }
  export const OpenFeature: OpenFeatureAPI;

  // ---- @openfeature/react-sdk
  export type ReactFlagEvaluationOptions = (
    | {suspend?: boolean; suspendUntilReady?: never; suspendWhileReconciling?: never}
    | {suspendUntilReady?: boolean; suspendWhileReconciling?: boolean; suspend?: never}
  ) & {updateOnConfigurationChanged?: boolean; updateOnContextChanged?: boolean} & FlagEvaluationOptions;
  type ClientOrDomain = {domain?: string; client?: never} | {client?: Client; domain?: never};
  type ProviderProps = {children?: React.ReactNode} & ClientOrDomain & ReactFlagEvaluationOptions;
  export function OpenFeatureProvider(props: ProviderProps): React.JSX.Element;
  export function useOpenFeatureClient(): Client;
  export function useWhenProviderReady(options?: {suspendUntilReady?: boolean}): boolean;
  export function useBooleanFlagValue(
    flagKey: string,
    defaultValue: boolean,
    options?: ReactFlagEvaluationOptions,
  ): boolean;
  export function useBooleanFlagDetails(
    flagKey: string,
    defaultValue: boolean,
    options?: ReactFlagEvaluationOptions,
  ): EvaluationDetails<boolean>;
  export function useStringFlagValue<T extends string = string>(
    flagKey: string,
    defaultValue: T,
    options?: ReactFlagEvaluationOptions,
  ): string;
  export function useNumberFlagValue<T extends number = number>(
    flagKey: string,
    defaultValue: T,
    options?: ReactFlagEvaluationOptions,
  ): number;
  export function useObjectFlagValue<T extends JsonValue = JsonValue>(
    flagKey: string,
    defaultValue: T,
    options?: ReactFlagEvaluationOptions,
  ): T;
  export type ContextMutation = {setContext: (updatedContext: EvaluationContext) => Promise<void>};
  export function useContextMutator(options?: {defaultContext?: boolean}): ContextMutation;

  export {};
}
