import { z } from 'zod'

/**
 * What the link checker (issue 32) knows of an external URL the portal publishes: answered
 * at its last check, broken in three checks in a row, or not (yet) checked.
 */
export const LINK_STATES = ['ok', 'kapot', 'onbekend'] as const
export const LinkState = z.enum(LINK_STATES)
export type LinkState = z.infer<typeof LinkState>

/** Checks in a row that must fail before a link counts as broken ('kapot'). */
export const LINK_BROKEN_AFTER = 3
