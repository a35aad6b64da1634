/** What the screen says about the last change: politely when it worked, at once when not. */
export type Feedback = { tone: 'success' | 'error'; text: string } | null

export type Announce = (feedback: Feedback) => void
