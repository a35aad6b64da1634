/** The query flags of spec section 2 that tell /data (and the document page) what just happened. */
export const RESULT_FLAGS = {
  upload: 'successfulUpload',
  edit: 'editSuccess',
  delete: 'deleteSuccess',
} as const
export type ResultFlag = (typeof RESULT_FLAGS)[keyof typeof RESULT_FLAGS]

export const MY_DATA_PATH = '/data'

/** /data for page 1, /data/{page} after it; optionally with one result flag. */
export function myDataHref(page = 1, flag?: { name: ResultFlag; value: boolean }): string {
  const path = page > 1 ? `${MY_DATA_PATH}/${page}` : MY_DATA_PATH
  return flag ? `${path}?${flag.name}=${String(flag.value)}` : path
}
