import './entry.css'
import { shared } from './shared.ts'

shared()
const { step } = await import('./step.ts')
step()
