/** Who is asking: an anonymous visitor on /pubapi, or a verified employee on /api. */
export type Viewer =
  | { kind: 'public' }
  | { kind: 'employee'; id: string; name: string; email: string | null; isAdmin: boolean }

export type Employee = Extract<Viewer, { kind: 'employee' }>

export const PUBLIC_VIEWER: Viewer = { kind: 'public' }

export const isEmployee = (viewer: Viewer): viewer is Employee => viewer.kind === 'employee'

export const isAdmin = (viewer: Viewer) => isEmployee(viewer) && viewer.isAdmin
