/**
 * Sends the text to the analysis worker, debounced, and keeps the latest answer. A worker that does not answer in
 * time is terminated and replaced, so a pathological input costs a message, never a frozen tab.
 */
import {useEffect, useRef, useState} from 'react';
import type {EvaluationState} from '@sphere-docs/lib/pricing2yaml/subscription';
import type {AnalysisRequest, AnalysisResponse} from './analysis.worker';

export const DEBOUNCE_MS = 200;
export const TIMEOUT_MS = 2500;

function startWorker(): Worker {
  return new Worker(new URL('./analysis.worker.ts', import.meta.url));
}

function timedOut(id: number): AnalysisResponse {
  return {
    id,
    analysis: {
      status: 'not-yaml',
      summary: `Checking this document took more than ${TIMEOUT_MS / 1000} seconds and was stopped. Is it really a pricing?`,
      diagnostics: [],
    },
  };
}

/** Analyses `text` and, when `evaluate` is given and the text is valid, evaluates it for that subscription. */
export function useAnalysis(text: string, evaluate?: EvaluationState): {result?: AnalysisResponse; pending: boolean} {
  const [result, setResult] = useState<AnalysisResponse>();
  const [pending, setPending] = useState(true);
  const worker = useRef<Worker | null>(null);
  const lastId = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    return () => {
      worker.current?.terminate();
      worker.current = null;
      clearTimeout(timer.current);
    };
  }, []);

  const requestKey = evaluate ? JSON.stringify(evaluate) : '';
  const request = evaluate;
  useEffect(() => {
    setPending(true);
    const debounce = setTimeout(() => {
      const id = ++lastId.current;
      if (!worker.current) worker.current = startWorker();
      const w = worker.current;
      w.onmessage = (e: MessageEvent<AnalysisResponse>) => {
        if (e.data.id !== lastId.current) return;
        clearTimeout(timer.current);
        setResult(e.data);
        setPending(false);
      };
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (id !== lastId.current) return;
        w.terminate();
        if (worker.current === w) worker.current = null;
        setResult(timedOut(id));
        setPending(false);
      }, TIMEOUT_MS);
      w.postMessage({id, text, evaluate: request} satisfies AnalysisRequest);
    }, DEBOUNCE_MS);
    return () => clearTimeout(debounce);
    // The request is compared by value (its JSON), so a new object with the same subscription sends nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, requestKey]);

  return {result, pending};
}
