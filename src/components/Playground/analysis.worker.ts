/**
 * Runs the analysis off the main thread, so that no input can freeze the page: the page sends the text, the worker
 * answers with the analysis (and the upgrade diff). The page terminates the worker if an answer takes too long.
 *
 * When the request carries a subscription and the document is valid, the worker also evaluates every feature for it
 * (src/lib/pricing2yaml/evaluate.ts). The last analysis is kept, so changing only the subscription costs an evaluation,
 * not a new check of the document.
 */
import {analyze, type Analysis} from '@sphere-docs/lib/pricing2yaml/analyze';
import {evaluatePricing, type Evaluation} from '@sphere-docs/lib/pricing2yaml/evaluate';
import {fitEvaluation, type EvaluationState} from '@sphere-docs/lib/pricing2yaml/subscription';
import {lineDiff, type DiffLine} from '@sphere-docs/lib/lineDiff';
import {loadValidator} from './validators';

export interface AnalysisRequest {
  id: number;
  text: string;
  /** The Evaluate form's state; fitted to the pricing (a plan it has, names it knows) before evaluating. */
  evaluate?: EvaluationState;
}

export interface AnalysisResponse {
  id: number;
  analysis: Analysis;
  /** Line diff between the document and its 3.0 form; undefined when there is none or it is too large. */
  diff?: DiffLine[];
  /** What the subscription gets; only for a valid document and a request that asks for it. */
  evaluation?: Evaluation;
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<AnalysisRequest>) => void) | null;
  postMessage(message: AnalysisResponse): void;
};

let last: {text: string; analysis: Analysis; diff?: DiffLine[]} | undefined;

scope.onmessage = async ({data}) => {
  if (last?.text !== data.text) {
    let analysis: Analysis;
    try {
      analysis = await analyze(data.text, loadValidator);
    } catch (e) {
      analysis = {
        status: 'not-yaml',
        summary: `The document could not be checked: ${(e as Error).message}`,
        diagnostics: [],
      };
    }
    const up = analysis.upgrade;
    const diff = up?.original && up.yaml ? lineDiff(up.original, up.yaml) : undefined;
    last = {text: data.text, analysis, diff};
  }
  const {analysis, diff} = last;
  let evaluation: Evaluation | undefined;
  if (data.evaluate && analysis.pricing) {
    const {plan, addOns, usage, server} = fitEvaluation(analysis.pricing, data.evaluate);
    evaluation = evaluatePricing(analysis.pricing, {plan, addOns, usage}, {server});
  }
  scope.postMessage({id: data.id, analysis, diff, evaluation});
};
