/** Who is asking: an anonymous visitor on /pubapi, or a verified employee on /api. */
export type Viewer =
  | { kind: 'public' }
  | { kind: 'employee'; id: string; name: string; email: string | null; isAdmin: boolean }

export type Employee = Extract<Viewer, { kind: 'employee' }>

/** An employee with the admin role: what admin-only services take, so they need no check. */
export type Admin = Employee & { isAdmin: true }

export const PUBLIC_VIEWER: Viewer = { kind: 'public' }

export const isEmployee = (viewer: Viewer): viewer is Employee => viewer.kind === 'employee'

export const isAdmin = (viewer: Viewer): viewer is Admin =>
  viewer.kind === 'employee' && viewer.isAdmin
