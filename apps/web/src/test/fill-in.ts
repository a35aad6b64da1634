import type { UserEvent } from '@testing-library/user-event'

/**
 * Puts `text` in a field as someone pasting it: a click, then one input event. A test whose
 * subject is not the typing fills a form in with it; typed key by key, a form of a few fields
 * took about a second in jsdom, each key rendering the form again.
 */
export async function pasteInto(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field)
  await user.paste(text)
}
