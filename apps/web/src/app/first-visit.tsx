import { Button, ButtonGroup } from '../shared/ui/nlds.ts'
import { useEffect, useRef } from 'react'
import { useConfig } from '../shared/api/config.ts'
import { writeStorage } from '../shared/storage.ts'

export type Choice = 'open' | 'employees'

/** Start-up acts on the stored choice after the reload (spec section 4, step 4). */
export function storeChoiceAndReload(choice: Choice, reload = () => window.location.reload()) {
  writeStorage('choice', choice)
  reload()
}

/**
 * The first-visit pop-up over the light grey page. A native modal dialog: the browser
 * traps focus inside and makes the page behind it inert. A choice is required, so Escape
 * does not close it.
 */
export function FirstVisitDialog({
  onChoose = storeChoiceAndReload,
}: {
  onChoose?: (choice: Choice) => void
}) {
  const { logoUrl, portalName } = useConfig()
  const dialog = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
    document.body.classList.add('portal-first-visit')
    return () => document.body.classList.remove('portal-first-visit')
  }, [])

  return (
    <dialog
      ref={dialog}
      className="portal-choice"
      aria-labelledby="keuze-titel"
      aria-describedby="keuze-uitleg"
      onCancel={(event) => event.preventDefault()}
    >
      <img className="portal-choice__logo" src={logoUrl} alt={portalName} width={64} height={64} />
      <h1 id="keuze-titel" className="utrecht-heading-2">
        Bent u op zoek naar
      </h1>
      <p id="keuze-uitleg" className="utrecht-paragraph portal-visually-hidden">
        Kies hoe u het dataportaal wilt gebruiken.
      </p>
      <ButtonGroup className="portal-choice__buttons">
        <Button appearance="primary-action-button" onClick={() => onChoose('open')}>
          Het openbare Dataportaal
        </Button>
        <Button appearance="secondary-action-button" onClick={() => onChoose('employees')}>
          Inloggen voor medewerkers
        </Button>
      </ButtonGroup>
    </dialog>
  )
}
