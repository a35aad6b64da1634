import { useId, type ReactNode, type RefObject } from 'react'
import { ButtonGroup } from './nlds.ts'
import './ModalDialog.css'

/**
 * A native modal `<dialog>` with a heading and an optional description: the browser traps
 * the focus inside and returns it to where it was when it closes. Open it with
 * `ref.current?.showModal()`. While `busy`, Escape does not close it.
 */
export function ModalDialog({
  ref,
  heading,
  description,
  busy = false,
  onClose,
  className,
  children,
}: {
  ref: RefObject<HTMLDialogElement | null>
  heading: ReactNode
  description?: ReactNode
  busy?: boolean
  onClose?: () => void
  /** A modifier of the feature's own, e.g. the width a form needs. */
  className?: string
  children: ReactNode
}) {
  const headingId = useId()
  const descriptionId = useId()
  return (
    <dialog
      ref={ref}
      className={className ? `portal-dialog ${className}` : 'portal-dialog'}
      aria-labelledby={headingId}
      aria-describedby={description ? descriptionId : undefined}
      aria-busy={busy}
      onCancel={(event) => {
        if (busy) event.preventDefault()
      }}
      onClose={onClose}
    >
      <h2 id={headingId} className="utrecht-heading-2">
        {heading}
      </h2>
      {description && (
        <p id={descriptionId} className="utrecht-paragraph">
          {description}
        </p>
      )}
      {children}
    </dialog>
  )
}

/** The dialog's buttons, in a row that wraps on a narrow screen. */
export function DialogButtons({ children }: { children: ReactNode }) {
  return <ButtonGroup className="portal-dialog__buttons">{children}</ButtonGroup>
}
