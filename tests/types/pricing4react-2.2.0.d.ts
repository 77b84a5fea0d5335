/**
 * Type declarations for the public API of pricing4react 2.2.0, written from
 * the library source at tag v2.2.0 (commit 9c8f5a6): src/index.ts and the
 * files it re-exports. They mirror what `tsc` would emit for those exports and
 * let the test suite type-check the documentation examples of docs 2.0.1.
 *
 * Only the names exported by src/index.ts are exported here. Types such as
 * NAryFunction or ResultValue are internal to the package (index.ts does not
 * re-export them), so examples cannot import them either.
 */
declare module 'pricing4react' {
  import type * as React from 'react';
  import type {
    ClientProviderStatus,
    Hook,
    JsonValue,
    OpenFeatureEventEmitter,
    Provider,
    ResolutionDetails,
  } from '@openfeature/react-sdk';

  // ---- src/lib/logic/model/ResultValue.ts (internal)
  type ResultValue<T> =
    {value: T; isError: false; errorMessage?: undefined} | {value?: undefined; isError: true; errorMessage: string};

  // ---- src/lib/logic/model/NAryFunction.ts (internal)
  interface NAryFunction<T> {
    eval: () => Promise<ResultValue<T>>;
    equals: (other: NAryFunction<any>) => boolean;
  }

  // ---- src/lib/logic/model/LogicValues.ts (internal)
  type LogicBoolean = NAryFunction<boolean> | boolean;

  // ---- src/lib/logic/model/BinaryLogicalPredicate.ts
  enum BinaryLogicalOperator {
    AND = 0,
    OR = 1,
    IFF = 2,
    IMPLIES = 3,
  }
  class BinaryLogicalPredicate implements NAryFunction<boolean> {
    left: NAryFunction<boolean>;
    right: NAryFunction<boolean>;
    op: BinaryLogicalOperator;
    constructor(left: NAryFunction<boolean>, right: NAryFunction<boolean>, operator: BinaryLogicalOperator);
    eval(): Promise<ResultValue<boolean>>;
    equals(other: NAryFunction<any>): boolean;
  }
  export function and(left: LogicBoolean, right: LogicBoolean): BinaryLogicalPredicate;
  export function or(left: LogicBoolean, right: LogicBoolean): BinaryLogicalPredicate;
  export function implies(left: LogicBoolean, right: LogicBoolean): BinaryLogicalPredicate;
  export function iff(left: LogicBoolean, right: LogicBoolean): BinaryLogicalPredicate;

  // ---- src/lib/logic/model/Feature.ts
  export function feature(featureId: string): NAryFunction<boolean>;

  // ---- src/lib/components/feature/useGenericFeature.tsx
  interface GenericFeatureHookOptions {
    /** Change it whenever `on` changes: the hook re-evaluates only when the key changes. */
    key?: string;
    on: {expression: NAryFunction<boolean>; on: React.ReactNode}[];
    default?: React.ReactNode;
    loading?: React.ReactNode;
    error?: React.ReactNode;
  }
  type FeatureResponse = React.JSX.Element;
  export function useGenericFeature(options: GenericFeatureHookOptions): FeatureResponse;

  // ---- src/lib/components/feature/Feature.tsx
  export function On(props: {
    children: React.ReactNode;
    expression?: NAryFunction<boolean> | undefined;
  }): React.JSX.Element;
  export function Default(props: {children: React.ReactNode}): React.JSX.Element;
  export function Loading(props: {children: React.ReactNode}): React.JSX.Element;
  export function ErrorFallback(props: {children: React.ReactNode}): React.JSX.Element;
  /** `expression` is a required prop in the 2.2.0 typings; `<On>` children without their own expression use it. */
  export function Feature(props: {children: React.ReactNode; expression: NAryFunction<boolean>}): React.JSX.Element;

  // ---- src/services/api.service.ts
  export function fetchWithPricingInterceptor(url: string, options: RequestInit): Promise<Response>;
  export function searchNewTokenAndUpdate(res: Response): void;

  // ---- src/services/evaluation.service.ts (ExtendedFeatureStatus comes from pricing4ts 0.7.1,
  //      the version `^0.7.1` resolves to and the one in the package-lock of v2.2.0)
  interface ExtendedFeatureStatus {
    eval: Boolean | string;
    used: string | number | boolean | null;
    limit: string | number | boolean | null;
    error: {code: string; message: string} | null;
  }
  export function evaluatePricing(
    stringifiedPricing: string,
    userSubscription: string[],
    userContext: Record<string, any>,
  ): Record<string, ExtendedFeatureStatus>;
  export function evaluateFeatureInPricing(
    featureName: string,
    stringifiedPricing: string,
    userSubscription: string[],
    userContext: Record<string, any>,
  ): ExtendedFeatureStatus;

  // ---- src/provider/OpenFeatureProvider.ts
  export class ReactPricingDrivenFeaturesProvider implements Provider {
    readonly metadata: {name: string; description: string};
    readonly runsOn = 'client';
    events: OpenFeatureEventEmitter;
    hooks?: Hook[] | undefined;
    status?: ClientProviderStatus | undefined;
    private pricingUrl;
    private pricingYaml;
    private evaluation;
    onContextChange(oldContext: any, newContext: any): Promise<void> | void;
    resolveBooleanEvaluation(flagKey: string, defaultValue: boolean): ResolutionDetails<boolean>;
    resolveStringEvaluation(flagKey: string, defaultValue: string): ResolutionDetails<string>;
    resolveNumberEvaluation(flagKey: string, defaultValue: number): ResolutionDetails<number>;
    resolveObjectEvaluation<T extends JsonValue>(flagKey: string, defaultValue: T): ResolutionDetails<T>;
    initialize?(context?: any): Promise<void>;
    private _evaluateFeature;
  }

  export {};
}
