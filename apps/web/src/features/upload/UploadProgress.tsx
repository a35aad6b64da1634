import { useEffect, useRef } from 'react'
import { ProgressBar } from '../../shared/ui/ProgressBar.tsx'
import { UPLOAD_TEXTS as TEXTS } from './texts.ts'

/** Screen readers hear the progress in steps of a quarter, not at every percent. */
const ANNOUNCE_STEP = 25

/**
 * The progress bar of an upload. Once every byte is sent the server still checks and stores the
 * files; that wait is said in words, so a full bar that does not move is not mistaken for a hang.
 */
export function UploadProgress({ fraction }: { fraction: number }) {
  const region = useRef<HTMLDivElement>(null)
  // The submit button is disabled with the form: the focus moves here instead of being lost.
  useEffect(() => region.current?.focus(), [])
  const percent = Math.min(100, Math.round(fraction * 100))
  const announced = Math.floor(percent / ANNOUNCE_STEP) * ANNOUNCE_STEP
  const sent = percent >= 100
  return (
    <div ref={region} tabIndex={-1} className="portal-upload-progress">
      <ProgressBar
        label={sent ? TEXTS.processing : TEXTS.progressText(percent)}
        max={100}
        value={percent}
      >
        {percent}%
      </ProgressBar>
      <p className="portal-visually-hidden" role="status" aria-live="polite">
        {sent ? TEXTS.processing : TEXTS.progressAnnouncement(announced)}
      </p>
    </div>
  )
}
