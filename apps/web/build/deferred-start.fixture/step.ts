import './step.css'
import { shared } from './shared.ts'

export function step() {
  shared()
  void import('./lazy.ts')
}
