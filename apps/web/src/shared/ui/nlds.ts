/**
 * The NL Design System components the app uses, in one place. The per-component React
 * packages render the markup; `@utrecht/component-library-css` (imported once in main.tsx)
 * styles it, with the portal's tokens from app/theme.css. Components without a React
 * package on the registry (heading, paragraph, alert, table, accordion, badge counter,
 * page footer) are written as their documented class names.
 */
export { Button, type ButtonProps } from '@utrecht/button-react'
export { ButtonGroup } from '@utrecht/button-group-react'
export { Checkbox } from '@utrecht/checkbox-react'
export { FormField } from '@utrecht/form-field-react'
export { FormLabel } from '@utrecht/form-label-react'
export { Link as ExternalLink } from '@utrecht/link-react'
export { PageBody } from '@utrecht/page-body-react'
export { PageHeader } from '@utrecht/page-header-react'
export { PageLayout } from '@utrecht/page-layout-react'
export { Root } from '@utrecht/root-react'
export { Textbox } from '@utrecht/textbox-react'
