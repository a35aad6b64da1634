import { useSearchParams } from 'react-router'
import { ApiError } from '../../shared/api/client.ts'
import { usePageTitle } from '../../shared/page-title.ts'
import { Button } from '../../shared/ui/nlds.ts'
import { useConfirm, useManaged, useRemoveManaged, useUnsubscribe } from './api.ts'
import { SUBSCRIPTION_TEXTS as TEXTS } from '../../shared/follow-by-email/texts.ts'
import type { ManagedSubscription } from '@dataportaal/contract'
import '../../shared/follow-by-email/follow-by-email.css'

const useToken = () => useSearchParams()[0].get('token') ?? ''

const failureText = (error: unknown) =>
  error instanceof ApiError && error.status === 404 ? TEXTS.unknownToken : TEXTS.failed

/**
 * A landing page of a link in a mail: a GET only shows a button, so a mail scanner that
 * follows links confirms or unsubscribes nothing; the button POSTs.
 */
function TokenAction({
  title,
  intro,
  button,
  done,
  action,
}: {
  title: string
  intro: string
  button: string
  done: string
  action: ReturnType<typeof useConfirm>
}) {
  const token = useToken()
  usePageTitle(title)
  return (
    <article className="portal-subscription-page">
      <h1 className="utrecht-heading-1">{title}</h1>
      {token === '' ? (
        <p className="utrecht-paragraph">{TEXTS.noToken}</p>
      ) : (
        <>
          {!action.isSuccess && (
            <>
              <p className="utrecht-paragraph">{intro}</p>
              <Button
                type="button"
                appearance="primary-action-button"
                busy={action.isPending}
                onClick={() => action.mutate(token)}
              >
                {button}
              </Button>
            </>
          )}
          <div role="status" aria-live="polite">
            {action.isSuccess && <p className="utrecht-paragraph">{done}</p>}
            {action.isError && <p className="utrecht-paragraph">{failureText(action.error)}</p>}
          </div>
        </>
      )}
    </article>
  )
}

export function ConfirmSubscriptionPage() {
  return (
    <TokenAction
      title={TEXTS.confirmTitle}
      intro={TEXTS.confirmIntro}
      button={TEXTS.confirmButton}
      done={TEXTS.confirmed}
      action={useConfirm()}
    />
  )
}

export function UnsubscribePage() {
  return (
    <TokenAction
      title={TEXTS.unsubscribeTitle}
      intro={TEXTS.unsubscribeIntro}
      button={TEXTS.unsubscribeButton}
      done={TEXTS.unsubscribed}
      action={useUnsubscribe()}
    />
  )
}

const describe = (subscription: ManagedSubscription) => {
  const { subject } = subscription
  if (subject.kind === 'thema') return TEXTS.subject.thema(subject.theme)
  if (subject.kind === 'document') return TEXTS.subject.document(subject.title)
  const text = new URLSearchParams(subject.query).get('query') ?? subject.query
  return TEXTS.subject.zoekopdracht(text)
}

/** Every subscription of the address whose manage link this is; never the address itself. */
export function ManageSubscriptionsPage() {
  const token = useToken()
  const managed = useManaged(token)
  const remove = useRemoveManaged(token)
  const subscriptions = managed.data?.subscriptions
  usePageTitle(TEXTS.manageTitle)
  return (
    <article className="portal-subscription-page">
      <h1 className="utrecht-heading-1">{TEXTS.manageTitle}</h1>
      {token === '' && <p className="utrecht-paragraph">{TEXTS.noToken}</p>}
      {managed.isError && <p className="utrecht-paragraph">{failureText(managed.error)}</p>}
      {subscriptions && subscriptions.length === 0 && (
        <p className="utrecht-paragraph">{TEXTS.manageEmpty}</p>
      )}
      {subscriptions && subscriptions.length > 0 && (
        <ul className="portal-subscriptions-list">
          {subscriptions.map((subscription) => (
            <li key={subscription.id}>
              <span>
                {describe(subscription)}: {TEXTS.frequencies[subscription.frequency]}
                {!subscription.confirmed && ` ${TEXTS.unconfirmed}`}
              </span>
              <Button
                type="button"
                appearance="secondary-action-button"
                aria-label={TEXTS.removeLabel(describe(subscription))}
                busy={remove.isPending && remove.variables === subscription.id}
                onClick={() => remove.mutate(subscription.id)}
              >
                {TEXTS.remove}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </article>
  )
}
