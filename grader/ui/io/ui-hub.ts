// The browser page's side of a watch session: it hears the same run events and states as the terminal, keeps what
// the page shows as one snapshot, and sends it to every open tab (two tabs see the same run).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Course } from '../../course/core/course.ts';
import type { Report } from '../../course/core/types.ts';
import type { WatchState } from '../../watch/core/watch-state.ts';
import type { Reporter } from '../../reporters/reporter.ts';
import { formatMs } from '../../reporters/watch-marks.ts';
import type { SessionView } from '../../watch/watch-session.ts';
import { finishedStage, stageList, stateView, type UiSnapshot, type UiStageRun } from '../core/ui-snapshot.ts';
import { stageHtml, type StageHtml } from '../core/stage-html.ts';
import { caseCountsOf, readStageStatus } from '../../run/io/stage-status.ts';
import { tracePhase } from '../../watch/io/phase-trace.ts';

/** How long a run's events gather before the tabs get the snapshot: each one costs the tab a redraw, taken from the
 *  cores the run grades on (at 50 ms the page trailed the terminal by 84 ms, scripts/ui-latency.ts); four a second still
 *  reads as live. */
const PUBLISH_MS = 250;

/** A tab's live channel: called with each new snapshot. */
export type Subscriber = (snapshot: UiSnapshot) => void;

export type UiHub = {
  view: SessionView;
  snapshot: () => UiSnapshot;
  subscribe: (subscriber: Subscriber) => () => void;
  /** A stage's text as HTML, read fresh from the content root; undefined for an unknown stage. */
  stageText: (slug: string) => Promise<StageHtml | undefined>;
  /** Reads the saved statuses once before the first run. */
  ready: Promise<void>;
};

// A hub for one session over a course directory and content root.
export function createUiHub(options: { course: Course; courseDir: string; contentRoot: string }): UiHub {
  let course = options.course;
  let snapshot: UiSnapshot = { stages: [], isRunning: false, status: 'starting…', keys: [], run: [] };
  let seenReport: Report | undefined;
  const subscribers = new Set<Subscriber>();
  let isQueued = false;
  let timer: NodeJS.Timeout | undefined;

  // Bursts of events (a stage of quick cases) reach the tabs as one snapshot, at most one per PUBLISH_MS; the verdict
  // of a finished run (`now`) goes at once, so that the page costs no wait over the terminal.
  function publish(now = false): void {
    if (now) {
      clearTimeout(timer);
      isQueued = false;
      for (const send of subscribers) send(snapshot);
      if (!snapshot.isRunning) tracePhase('published');
      return;
    }
    if (isQueued) return;
    isQueued = true;
    timer = setTimeout(() => publish(true), PUBLISH_MS);
  }

  function update(change: Partial<UiSnapshot>): void {
    snapshot = { ...snapshot, ...change };
    publish();
  }

  // The list from the course the session holds (it reloads stages/ and cases/ when they change): reading the whole
  // course again after every run took the CPU of a run on a busy machine (scripts/ui-latency.ts).
  async function refreshStages(): Promise<void> {
    const saved = await readStageStatus(options.courseDir);
    update({ stages: stageList(course.stages, caseCountsOf(course.cases), saved.stages) });
  }

  function withStage(slug: string, change: (run: UiStageRun) => UiStageRun): UiStageRun[] {
    return snapshot.run.map((r) => (r.slug === slug ? change(r) : r));
  }

  // This run's events into the snapshot; a cancelled run says nothing more.
  function reporter(signal: AbortSignal): Reporter {
    return {
      onRunStart(plan) {
        if (signal.aborted) return;
        update({ run: plan.stages.map(({ stage, cases }) => ({ slug: stage.slug, title: stage.title, planned: cases.length, cases: [], failures: [] })), summary: undefined });
      },
      onStageStart({ stage }) {
        if (!signal.aborted) update({ runningStage: stage.slug });
      },
      onCaseEnd(result, stage) {
        if (signal.aborted || result.verdict.status === 'skip') return;
        const shown = { name: result.case.name, file: result.case.file, status: result.verdict.status, ms: result.durationMs };
        update({ run: withStage(stage.slug, (r) => ({ ...r, cases: [...r.cases, shown] })) });
      },
      onStageEnd(result) {
        if (signal.aborted) return;
        // The list still holds the saved statuses from before this run (it is read again after the report).
        const before = snapshot.stages.find((s) => s.slug === result.stage.slug)?.status;
        update({ run: withStage(result.stage.slug, (r) => finishedStage(r, result, before)), runningStage: undefined });
      },
      onRunEnd(report) {
        if (signal.aborted) return;
        const s = report.summary;
        const parts = [s.passed > 0 ? `${s.passed} passed` : '', s.failed > 0 ? `${s.failed} failed` : '', s.skipped > 0 ? `${s.skipped} skipped` : ''].filter((p) => p !== '');
        update({ summary: `Cases ${parts.join(', ') || '0'} (${s.total}) · ${formatMs(s.durationMs)}` });
      },
    };
  }

  function onState(state: WatchState, report: Report | undefined, current: Course): void {
    course = current;
    const { runningStage: _was, ...rest } = snapshot;
    snapshot = { ...rest, ...stateView(state, report), ...(state.isRunning && snapshot.runningStage ? { runningStage: snapshot.runningStage } : {}) };
    // A run that could not start leaves no stages to show.
    if (state.last?.type === 'broken' && !state.isRunning) snapshot = { ...snapshot, run: [], summary: undefined };
    publish(!state.isRunning);
    if (report !== seenReport) {
      seenReport = report;
      void refreshStages();
    }
  }

  return {
    view: { reporter, onState },
    snapshot: () => snapshot,
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => void subscribers.delete(subscriber);
    },
    async stageText(slug) {
      if (!course.stages.some((s) => s.slug === slug)) return undefined;
      const markdown = await readFile(join(options.contentRoot, 'stages', `${slug}.md`), 'utf8').catch(() => undefined);
      return markdown === undefined ? undefined : stageHtml(markdown);
    },
    ready: refreshStages(),
  };
}
