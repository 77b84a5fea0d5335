/**
 * Type declarations of the public API of pricing4react 1.4.0
 * (isa-group/Pricing4React, commit 1d972ea; tag v2.0.0 has the same sources), written from
 * src/index.ts and the files it re-exports. Used to type-check the TS/TSX
 * examples of the 2.0.0 docs. Types that the package does not export by name
 * (NAryFunction, ResultValue, ...) are declared without `export`.
 */
declare module 'pricing4react' {
  import type * as React from 'react';

  // src/lib/logic/model/ResultValue.ts
  type ResultValue<T> =
    {value: T; isError: false; errorMessage?: undefined} | {value?: undefined; isError: true; errorMessage: string};

  // src/lib/logic/model/NAryFunction.ts
  interface NAryFunction<T> {
    eval: () => Promise<ResultValue<T>>;
    equals: (other: NAryFunction<any>) => boolean;
  }

  // src/lib/logic/model/LogicValues.ts
  type LogicBoolean = NAryFunction<boolean> | boolean;

  // src/lib/logic/model/BinaryLogicalPredicate.ts
  enum BinaryLogicalOperator {
    AND,
    OR,
    IFF,
    IMPLIES,
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
  export function iff(left: LogicBoolean, right: LogicBoolean): BinaryLogicalPredicate;
  export function implies(left: LogicBoolean, right: LogicBoolean): BinaryLogicalPredicate;

  // src/lib/logic/model/Feature.ts
  export function feature(featureId: string): NAryFunction<boolean>;

  // src/lib/components/feature/useGenericFeature.tsx
  interface GenericFeatureHookOptions {
    key?: string;
    on: {expression: NAryFunction<boolean>; on: React.ReactNode}[];
    default?: React.ReactNode;
    loading?: React.ReactNode;
    error?: React.ReactNode;
  }
  type FeatureResponse = React.JSX.Element;
  export function useGenericFeature(options: GenericFeatureHookOptions): FeatureResponse;

  // src/lib/components/feature/Feature.tsx
  export function On(props: {
    children: React.ReactNode;
    expression?: NAryFunction<boolean> | undefined;
  }): React.JSX.Element;
  export function Default(props: {children: React.ReactNode}): React.JSX.Element;
  export function Loading(props: {children: React.ReactNode}): React.JSX.Element;
  export function ErrorFallback(props: {children: React.ReactNode}): React.JSX.Element;
  export function Feature(props: {children: React.ReactNode; expression: NAryFunction<boolean>}): React.JSX.Element;

  // src/services/api.service.ts (1.4.0: sends and reads the Pricing-Token header, key "pricingToken")
  export function fetchWithPricingInterceptor(url: string, options: RequestInit): Promise<Response>;
  export function searchNewTokenAndUpdate(res: Response): void;

  // src/lib/components/editor/index.ts (re-exported with `export *`)
  type AttributeType = 'NUMERIC' | 'CONDITION' | 'TEXT';
  export interface RawAttributes {
    description: string;
    expression: string;
    serverExpression?: string;
    type: AttributeType;
    defaultValue: string | number | boolean;
  }
  export interface RawFeatureAttributes {
    [key: string]: RawAttributes;
  }
  export interface RawFeatures {
    [key: string]: {value: string | number | boolean};
  }
  export interface RawPlan {
    description: string;
    price: number;
    currency: string;
    features: RawFeatures;
  }
  export interface RawPlans {
    [key: string]: RawPlan;
  }
  export interface RawPricingContext {
    features: RawFeatureAttributes;
    plans: RawPlans;
  }
  export function PricingConfigurationRoutes(props: {
    pricingContext: RawPricingContext;
    returnTo: string;
    theme?: string;
    onSave: (pricingContext: RawPricingContext) => void;
  }): React.JSX.Element;

  export {};
}
