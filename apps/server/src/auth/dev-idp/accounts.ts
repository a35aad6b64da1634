/** The group the demo admin is in when ADMIN_GROUPS names none. */
export const DEV_ADMIN_GROUP = 'dataportaal-beheerders'

export interface DemoAccount {
  /** The account id at the provider, and the `sub` claim. */
  username: 'medewerker' | 'beheerder'
  /** Stable object id, as Entra ID sends it in `oid`; the portal's employee id. */
  oid: string
  name: string
  email: string
  groups: string[]
  /** What the sign-in page's button says. */
  signInLabel: string
}

/**
 * The two demo accounts: an employee and an admin. The admin is a member of `adminGroup`
 * (the first configured admin group, else DEV_ADMIN_GROUP), so the portal's normal
 * admin rule recognises them.
 */
export function demoAccounts(adminGroup: string): DemoAccount[] {
  return [
    {
      username: 'medewerker',
      oid: '6f1c2a3e-0d4b-4c58-9a7e-1b2c3d4e5f60',
      name: 'Mirjam Medewerker',
      email: 'medewerker@voorbeeldstad.nl',
      groups: [],
      signInLabel: 'Inloggen als medewerker',
    },
    {
      username: 'beheerder',
      oid: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      name: 'Bert Beheerder',
      email: 'beheerder@voorbeeldstad.nl',
      groups: [adminGroup],
      signInLabel: 'Inloggen als beheerder',
    },
  ]
}

/** The claims Entra ID puts in an id token, for one demo account. */
export const accountClaims = (account: DemoAccount) => ({
  sub: account.username,
  oid: account.oid,
  name: account.name,
  preferred_username: account.email,
  email: account.email,
  email_verified: true,
  groups: account.groups,
})
