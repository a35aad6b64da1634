import path from 'node:path'

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..')
/** A build of its own, so a build elsewhere in the checkout cannot change what is measured. */
export const DEFAULT_DIST_DIR = path.join(import.meta.dirname, 'dist')
/** Under bench/results/, which git and Prettier ignore. */
export const RESULTS_DIR = path.join(REPO_ROOT, 'bench', 'results', 'web')
