import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ADMIN, EMPLOYEE, testSession } from '../../test/auth.ts'
import { renderAt } from '../../test/render.tsx'
import { SignedInOnly } from './SignedInOnly.tsx'

const ValidationScreen = () => (
  <SignedInOnly title="Data validatie" audience="admin" purpose="Goedkeuren of afkeuren." />
)
const DashboardScreen = () => (
  <SignedInOnly title="Dashboard" audience="admin" purpose="Statistieken van het portaal." />
)

describe('screens of later features', () => {
  it('offer a visitor sign-in', () => {
    renderAt(<ValidationScreen />)
    expect(screen.getByText(/alleen beschikbaar voor medewerkers/)).toBeVisible()
    expect(screen.getByRole('button', { name: 'Inloggen' })).toBeVisible()
  })

  it('do not ask a signed-in employee to sign in', () => {
    renderAt(<ValidationScreen />, '/', '*', { auth: testSession(EMPLOYEE).session })
    expect(screen.getByRole('heading', { level: 1, name: 'Data validatie' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Inloggen' })).not.toBeInTheDocument()
  })

  it('tell an employee that an admin screen is for admins only', () => {
    renderAt(<DashboardScreen />, '/', '*', { auth: testSession(EMPLOYEE).session })
    expect(screen.getByText(/alleen beschikbaar voor beheerders/)).toBeVisible()
  })

  it('do not tell an admin that an admin screen is for admins only', () => {
    renderAt(<DashboardScreen />, '/', '*', { auth: testSession(ADMIN).session })
    expect(screen.queryByText(/alleen beschikbaar/)).not.toBeInTheDocument()
  })
})
