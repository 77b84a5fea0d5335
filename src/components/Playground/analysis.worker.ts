/**
 * Runs the analysis off the main thread, so that no input can freeze the page: the page sends the text, the worker
 * answers with the analysis (and the upgrade diff). The page terminates the worker if an answer takes too long.
 */
import {analyze, type Analysis} from '@site/src/lib/pricing2yaml/analyze';
import {lineDiff, type DiffLine} from '@site/src/lib/lineDiff';
import {loadValidator} from './validators';

export interface AnalysisRequest {
  id: number;
  text: string;
}

export interface AnalysisResponse {
  id: number;
  analysis: Analysis;
  /** Line diff between the document and its 3.0 form; undefined when there is none or it is too large. */
  diff?: DiffLine[];
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<AnalysisRequest>) => void) | null;
  postMessage(message: AnalysisResponse): void;
};

scope.onmessage = async ({data}) => {
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
  scope.postMessage({id: data.id, analysis, diff});
};
