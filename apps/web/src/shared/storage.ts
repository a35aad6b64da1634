import { STORAGE_KEYS } from '@dataportaal/contract'

export type StorageKey = keyof typeof STORAGE_KEYS

/** Local storage may be unavailable (private mode, blocked by policy): reading then gives null. */
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS[key])
  } catch {
    return null
  }
}

export function writeStorage(key: StorageKey, value: string) {
  try {
    window.localStorage.setItem(STORAGE_KEYS[key], value)
  } catch {
    // Without storage the setting lasts for this page only; nothing else breaks.
  }
}

export function removeStorage(key: StorageKey) {
  try {
    window.localStorage.removeItem(STORAGE_KEYS[key])
  } catch {
    // See writeStorage.
  }
}
