/**
 * How the benches judge a timing (scripts/lib/bench.ts): two sides measured in turn, and this revision's median no
 * worse than the compared one's by more than the run's own scatter.
 */
import {mkdtempSync, mkdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {comparedTree, inTurn, judgeInTurn, printBudgets, info} from '../../scripts/lib/bench';

describe('inTurn', () => {
  it('alternates which side goes first, round by round', async () => {
    const order: string[] = [];
    const rounds = await inTurn(
      4,
      async (r) => (order.push(`ours ${r}`), r),
      async (r) => (order.push(`theirs ${r}`), -r),
    );
    expect(order).toEqual(['ours 0', 'theirs 0', 'theirs 1', 'ours 1', 'ours 2', 'theirs 2', 'theirs 3', 'ours 3']);
    expect(rounds).toEqual({ours: [0, 1, 2, 3], theirs: [-0, -1, -2, -3]});
  });
});

describe('judgeInTurn', () => {
  it('passes a slower median within the larger spread of either side', () => {
    // Ours: median 110, spread 20; theirs: median 100, spread 10. 10 ms worse, scatter 20.
    const line = judgeInTurn('x', {ours: [100, 110, 120], theirs: [95, 100, 105]});
    expect(line.pass).toBe(true);
    expect(line.actual).toContain('ratio 1.10 (≤ 1.20 allowed; scatter 20');
  });

  it('fails a slower median beyond the scatter', () => {
    const line = judgeInTurn('x', {ours: [130, 131, 132], theirs: [100, 101, 102]});
    expect(line.pass).toBe(false);
  });

  it('judges scores the other way round, with a scatter given for the whole run', () => {
    expect(judgeInTurn('perf', {ours: [95, 95], theirs: [98, 98]}, {higherIsBetter: true, scatter: 3}).pass).toBe(true);
    expect(judgeInTurn('perf', {ours: [94, 94], theirs: [98, 98]}, {higherIsBetter: true, scatter: 3}).pass).toBe(
      false,
    );
    // Faster is never a failure, whatever the scatter.
    expect(judgeInTurn('t', {ours: [1, 1], theirs: [9, 9]}).pass).toBe(true);
  });
});

describe('printBudgets', () => {
  it('counts failed budgets and leaves information lines out', () => {
    const log = console.log;
    const printed: string[] = [];
    console.log = (s: string) => printed.push(s);
    try {
      const failed = printBudgets([
        {budget: 'a', actual: '1', pass: false},
        info('b', '2'),
        {budget: 'c', actual: '3', pass: true},
      ]);
      expect(failed).toBe(1);
    } finally {
      console.log = log;
    }
    expect(printed.join('\n')).toMatch(/INFO {2}b \(information only/);
    expect(printed.at(-1)).toContain('1 of 2 budgets missed');
  });
});

describe('comparedTree', () => {
  it('takes a checkout with its build, or a build alone with its parent as checkout when it is one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'compared-'));
    try {
      mkdirSync(join(dir, 'build'));
      writeFileSync(join(dir, 'build', 'index.html'), '');
      writeFileSync(join(dir, 'package.json'), '{}');
      expect(comparedTree([`--compare=${dir}`])).toEqual({build: join(dir, 'build'), root: dir});
      expect(comparedTree([`--compare=${join(dir, 'build')}`])).toEqual({build: join(dir, 'build'), root: dir});
      rmSync(join(dir, 'package.json'));
      expect(comparedTree([`--compare=${join(dir, 'build')}`])).toEqual({build: join(dir, 'build'), root: undefined});
      expect(comparedTree([])).toBeUndefined();
      expect(() => comparedTree([`--compare=${join(dir, 'nothing')}`])).toThrow(/neither a build/);
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });
});
