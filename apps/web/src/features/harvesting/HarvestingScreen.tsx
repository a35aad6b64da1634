import type { HarvestSource } from '@dataportaal/contract'
import { useId, useRef, useState } from 'react'
import { ApiError } from '../../shared/api/client.ts'
import { usePageTitle } from '../../shared/page-title.ts'
import { Button } from '../../shared/ui/nlds.ts'
import { ErrorState, LoadingState } from '../../shared/ui/states.tsx'
import { useHarvestSources, useStartRun } from './api.ts'
import { FeedbackRegions, type Feedback } from '../../shared/ui/Feedback.tsx'
import { RunReport } from './RunReport.tsx'
import { SourceForm } from './SourceForm.tsx'
import { SourceTable } from './SourceTable.tsx'
import { HARVEST_TEXTS as TEXTS } from './texts.ts'
import './harvesting.css'

const problemDetail = (error: unknown) =>
  error instanceof ApiError ? (error.problem?.detail ?? undefined) : undefined

/**
 * /harvesten (admins): the sources other catalogues are harvested from, a form to add or
 * edit one, and the report of a source's runs, with the progress of a run under way.
 */
export function HarvestingScreen() {
  usePageTitle(TEXTS.title)
  const sources = useHarvestSources()
  const startRun = useStartRun()
  const [feedback, setFeedback] = useState<Feedback>(null)
  const [editing, setEditing] = useState<HarvestSource | null>(null)
  const [reportOf, setReportOf] = useState<string | null>(null)
  const [runId, setRunId] = useState<string | null>(null)
  const sourcesHeadingId = useId()
  const sourcesHeading = useRef<HTMLHeadingElement>(null)
  const formHeading = useRef<HTMLHeadingElement>(null)
  const reportHeading = useRef<HTMLHeadingElement>(null)

  const list = sources.data?.Results ?? []
  const reported = list.find((source) => source.id === reportOf) ?? null

  // The section below changes: the focus follows, once it is on screen.
  const focusSoon = (target: React.RefObject<HTMLHeadingElement | null>) =>
    requestAnimationFrame(() => target.current?.focus())

  const showReport = (source: HarvestSource, run: string | null = null) => {
    setReportOf(source.id)
    setRunId(run)
    focusSoon(reportHeading)
  }

  const edit = (source: HarvestSource) => {
    setEditing(source)
    setFeedback(null)
    focusSoon(formHeading)
  }

  const doneEditing = () => {
    if (!editing) return
    setEditing(null)
    focusSoon(sourcesHeading)
  }

  const run = (source: HarvestSource) => {
    setFeedback(null)
    startRun.mutate(source.id, {
      onSuccess: (started) => {
        setFeedback({ tone: 'success', text: TEXTS.runStarted(source.name) })
        showReport(source, started.id)
      },
      onError: (failure) =>
        setFeedback({
          tone: 'error',
          text: TEXTS.runFailedToStart(source.name, problemDetail(failure)),
        }),
    })
  }

  return (
    <div className="portal-harvest">
      <h1 className="utrecht-heading-1">{TEXTS.title}</h1>
      <p className="utrecht-paragraph portal-harvest__intro">{TEXTS.intro}</p>

      <FeedbackRegions feedback={feedback} />

      <h2 id={sourcesHeadingId} ref={sourcesHeading} tabIndex={-1} className="utrecht-heading-2">
        {TEXTS.sourcesHeading}
      </h2>
      {sources.isPending && <LoadingState label={TEXTS.loading} />}
      {sources.isError && (
        <ErrorState title={TEXTS.loadFailed}>
          <Button appearance="secondary-action-button" onClick={() => void sources.refetch()}>
            {TEXTS.retry}
          </Button>
        </ErrorState>
      )}
      {sources.isSuccess && list.length === 0 && <p className="utrecht-paragraph">{TEXTS.empty}</p>}
      {list.length > 0 && (
        <SourceTable
          sources={list}
          labelledBy={sourcesHeadingId}
          starting={startRun.isPending ? startRun.variables : null}
          onRun={run}
          onEdit={edit}
          onReport={(source) => showReport(source)}
        />
      )}

      <section className="portal-harvest__section" aria-labelledby="harvest-form-heading">
        <h2 id="harvest-form-heading" ref={formHeading} tabIndex={-1} className="utrecht-heading-2">
          {editing ? TEXTS.form.editHeading(editing.name) : TEXTS.form.addHeading}
        </h2>
        {/* A fresh form per source, so no value of another one stays behind. */}
        <SourceForm
          key={editing?.id ?? 'new'}
          source={editing}
          announce={setFeedback}
          onDone={doneEditing}
        />
      </section>

      {reported && (
        <section className="portal-harvest__section" aria-labelledby="harvest-report-heading">
          <h2
            id="harvest-report-heading"
            ref={reportHeading}
            tabIndex={-1}
            className="utrecht-heading-2"
          >
            {TEXTS.reportHeading(reported.name)}
          </h2>
          <RunReport source={reported} runId={runId} onPickRun={setRunId} />
        </section>
      )}
    </div>
  )
}
